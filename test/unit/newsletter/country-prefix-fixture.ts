// A few countries as the server's prefix list gives them (the shape of the Brevo plugin's list).
import type { CountryPrefix } from '../../../src/services/newsletter/country-prefix-list.service.ts';

export const COUNTRIES: CountryPrefix[] = [
  { countryCode: 'bw', name: 'Botswana', dialCode: '+267', flag: '🇧🇼' },
  { countryCode: 'na', name: 'Namibia', dialCode: '+264', flag: '🇳🇦' },
  { countryCode: 'za', name: 'South Africa', dialCode: '+27', flag: '🇿🇦' },
  { countryCode: 'ae', name: 'United Arab Emirates', dialCode: '+971', flag: '🇦🇪' },
  { countryCode: 'gb', name: 'United Kingdom', dialCode: '+44', flag: '🇬🇧' },
  { countryCode: 'us', name: 'United States', dialCode: '+1', flag: '🇺🇸' },
  { countryCode: 'zw', name: 'Zimbabwe', dialCode: '+263', flag: '🇿🇼' },
];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The list as the server's HTML: the dial code's digits in `data-dial-code` (the plugin's script writes the +), with the + in the text. */
export function countryPrefixHtml(countries: readonly CountryPrefix[] = COUNTRIES): string {
  return countries
    .map(
      (country) =>
        `<li class="sib-country-prefix" data-country-code="${escape(country.countryCode)}" data-dial-code="${escape(country.dialCode.slice(1))}"><span class="sib-flag" aria-hidden="true">${escape(country.flag)}</span><span class="sib-country-name">${escape(country.name)}</span><span class="sib-dial-code">${escape(country.dialCode)}</span></li>`,
    )
    .join('');
}
