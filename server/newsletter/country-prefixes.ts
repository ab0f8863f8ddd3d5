import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';
import { escapeHtml } from '../../src/validation/shared/escape-html.ts';

/*
 * The SMS field's country prefix list, as the Brevo plugin's `sib_get_country_prefix` answers
 * it: HTML, one <li> per dial code, sorted by country name, the code's digits in
 * `data-dial-code` (the plugin's script writes `+` and the digits into the field) and `+` with
 * them in the text. Built from countries-list (ISO 3166 names, ITU dial codes); a country with
 * several codes (the Dominican Republic: 1809, 1829, 1849) has one entry per code. The same
 * for every request, so it is built once.
 */

export interface CountryPrefix {
  /** ISO 3166-1 alpha-2, lower case. */
  countryCode: string;
  name: string;
  flag: string;
  /** The dial code without its +: "27". */
  dialDigits: string;
}

export function countryPrefixes(): CountryPrefix[] {
  const entries = (Object.entries(countries) as Array<[TCountryCode, (typeof countries)[TCountryCode]]>).flatMap(([code, country]) =>
    country.phone.map((phone) => ({ countryCode: code.toLowerCase(), name: country.name, flag: getEmojiFlag(code), dialDigits: String(phone) })),
  );
  return entries.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.dialDigits.localeCompare(b.dialDigits, 'en', { numeric: true }));
}

export function countryPrefixItem(prefix: CountryPrefix): string {
  return (
    `<li class="sib-country-prefix" data-country-code="${escapeHtml(prefix.countryCode)}" data-dial-code="${escapeHtml(prefix.dialDigits)}">` +
    `<span class="sib-flag" aria-hidden="true">${escapeHtml(prefix.flag)}</span>` +
    `<span class="sib-country-name">${escapeHtml(prefix.name)}</span>` +
    `<span class="sib-dial-code">+${escapeHtml(prefix.dialDigits)}</span></li>`
  );
}

let cached: string | null = null;

/** The whole list, one item per line. */
export function countryPrefixListHtml(): string {
  cached ??= countryPrefixes().map(countryPrefixItem).join('\n');
  return cached;
}
