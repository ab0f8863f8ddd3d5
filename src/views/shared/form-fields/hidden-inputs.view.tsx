// The hidden inputs a form posts besides its fields (a plugin's form id, nonce, version...).
export function HiddenInputs({ entries }: { entries: ReadonlyArray<readonly [name: string, value: string]> }) {
  return entries.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
