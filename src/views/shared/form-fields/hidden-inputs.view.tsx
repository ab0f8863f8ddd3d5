// The hidden inputs a form posts besides its fields (a plugin's form id, nonce, version...).
export function HiddenInputs({ entries }: { entries: ReadonlyArray<readonly [name: string, value: string]> }) {
  // A name may repeat (`interestingLists[]`): an entry is known by its name and place.
  return entries.map(([name, value], index) => <input key={`${name}@${String(index)}`} type="hidden" name={name} value={value} />);
}
