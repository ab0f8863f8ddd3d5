// ip[4] (the default) or ip[6]: a full address, every part in range (IPv6 written out in eight groups).
import { isBlank, textOf, type SidebarRuleCheck } from '../rule.ts';

const VERSIONS = {
  '4': { split: '.', segments: 4, part: /^\d{1,3}$/, radix: 10, upper: 255 },
  '6': { split: ':', segments: 8, part: /^[0-9a-f]{1,4}$/i, radix: 16, upper: 0xffff },
} as const;

export const ip: SidebarRuleCheck = (value, [version = '4']) => {
  if (isBlank(value)) return true;
  if (version !== '4' && version !== '6') return false;
  const spec = VERSIONS[version];
  const parts = textOf(value).split(spec.split);
  return parts.length === spec.segments && parts.every((part) => spec.part.test(part) && Number.parseInt(part, spec.radix) <= spec.upper);
};
