// The values a prerendered form holds when its view first renders in the browser (README.md,
// "Forms before their code"): read once, for the machine's input. A render React throws away
// (hydration restarted by a key press) reads again when it renders anew: refs live with a
// committed render only.
import { useRef } from 'react';
import { prefilledFieldsOf, type PrefilledFields } from '../../services/shared/prefilled-fields.service.ts';

export function usePrefilledFields(id: string): PrefilledFields | undefined {
  const found = useRef<{ fields: PrefilledFields | undefined } | null>(null);
  found.current ??= { fields: prefilledFieldsOf(id) };
  return found.current.fields;
}
