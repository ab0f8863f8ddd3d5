import { describe, expect, it } from 'vitest';
import { max } from '../../../../../src/validation/sidebar-form/rules/max.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => max(value, params, values);

describe('max', () => {
  it.each([['ab'], [''], ['a'.repeat(32)], ['  ' + 'a'.repeat(32) + '  ']])('max[32] accepts %j', (value) => expect(check(value, ['32'])).toBe(true));
  it.each([['a'.repeat(33)], ['😀'.repeat(17)]])('max[32] refuses %j', (value) => expect(check(value, ['32'])).toBe(false));
});
