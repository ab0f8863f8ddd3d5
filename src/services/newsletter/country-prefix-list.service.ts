// The country prefix list as the server sends it (the Brevo plugin's HTML: one <li> per dial
// code, its digits in `data-dial-code`, with a flag, the country's name and the code), read into
// data with DOMParser; the dial code gets its + here, as the plugin's script adds it. The HTML
// is never put into the page: the picker renders its own options from these values.
import { array, is, nonempty, object, pattern, size, string, type Infer } from 'superstruct';
import { isDialCode } from '../../validation/newsletter/index.ts';

const CountryPrefixStruct = object({
  /** ISO 3166-1 alpha-2, lower case ("za"). */
  countryCode: pattern(string(), /^[a-z]{2}$/),
  name: size(string(), 1, 100),
  dialCode: pattern(string(), /^\+[0-9]{1,4}$/),
  /** The flag emoji, decorative. */
  flag: size(string(), 0, 16),
});

export type CountryPrefix = Infer<typeof CountryPrefixStruct>;
const CountryPrefixList = nonempty(array(CountryPrefixStruct));

export class CountryPrefixListError extends Error {
  override readonly name = 'CountryPrefixListError';
}

/** Reads every `li.sib-country-prefix`; an entry with a bad code or no name makes the list invalid. */
export function parseCountryPrefixList(html: string, parser: DOMParser = new DOMParser()): CountryPrefix[] {
  const document = parser.parseFromString(html, 'text/html');
  const items = [...document.querySelectorAll('li.sib-country-prefix')].map((item) => ({
    countryCode: (item.getAttribute('data-country-code') ?? '').trim().toLowerCase(),
    name: (item.querySelector('.sib-country-name')?.textContent ?? '').trim(),
    // Digits only: a code that already has its + reads as "++27" and makes the list invalid.
    dialCode: `+${(item.getAttribute('data-dial-code') ?? '').trim()}`,
    flag: (item.querySelector('.sib-flag')?.textContent ?? '').trim(),
  }));
  if (items.length === 0) throw new CountryPrefixListError('The country prefix list has no countries');
  const bad = items.find((item) => !is(item, CountryPrefixStruct) || !isDialCode(item.dialCode));
  if (bad) throw new CountryPrefixListError(`The country prefix list has an invalid entry: ${JSON.stringify(bad)}`);
  if (!is(items, CountryPrefixList)) throw new CountryPrefixListError('The country prefix list is invalid');
  return items;
}
