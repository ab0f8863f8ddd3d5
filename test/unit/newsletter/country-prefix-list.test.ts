// The prefix list's HTML read into data: every field, the server's escaping undone, and a
// specific error for an empty list or any malformed entry (never a half-read list).
import { describe, expect, it } from 'vitest';
import { countryPrefixListHtml } from '../../../server/newsletter/country-prefixes.ts';
import { CountryPrefixListError, parseCountryPrefixList } from '../../../src/services/newsletter/country-prefix-list.service.ts';
import { COUNTRIES, countryPrefixHtml } from './country-prefix-fixture.ts';

const item = (attributes: string, inner: string) => `<li class="sib-country-prefix" ${attributes}>${inner}</li>`;
const spans = (flag: string, name: string, code: string) =>
  `<span class="sib-flag" aria-hidden="true">${flag}</span><span class="sib-country-name">${name}</span><span class="sib-dial-code">${code}</span>`;

describe('parseCountryPrefixList', () => {
  it('reads the country code, name, dial code and flag of every item, in order', () => {
    expect(parseCountryPrefixList(countryPrefixHtml())).toEqual(COUNTRIES);
  });

  it('reads the exact shape of the contract, with escaped names', () => {
    const html = `<ul>${item('data-country-code="za" data-dial-code="27"', spans('🇿🇦', 'South Africa', '+27'))}${item('data-country-code="ci" data-dial-code="225"', spans('🇨🇮', 'C&ocirc;te d&#39;Ivoire &amp; co', '+225'))}</ul>`;
    expect(parseCountryPrefixList(html)).toEqual([
      { countryCode: 'za', name: 'South Africa', dialCode: '+27', flag: '🇿🇦' },
      { countryCode: 'ci', name: "Côte d'Ivoire & co", dialCode: '+225', flag: '🇨🇮' },
    ]);
  });

  it("reads the server's own list, with + before each dial code", () => {
    const countries = parseCountryPrefixList(countryPrefixListHtml());
    expect(countries.find((country) => country.countryCode === 'za')).toEqual({ countryCode: 'za', name: 'South Africa', dialCode: '+27', flag: '🇿🇦' });
    expect(countries.filter((country) => country.countryCode === 'do').map((country) => country.dialCode)).toEqual(['+1809', '+1829', '+1849']);
  });

  it('never runs what the HTML carries', () => {
    const html = item('data-country-code="za" data-dial-code="27"', spans('🇿🇦', 'South Africa<img src=x onerror="window.hacked=1">', '+27'));
    expect(parseCountryPrefixList(html)[0]!.name).toBe('South Africa');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it.each([
    ['an empty answer', '', 'The country prefix list has no countries'],
    ['other markup', '<p>Maintenance</p>', 'The country prefix list has no countries'],
    ['a dial code with its + (the plugin\'s script adds one)', item('data-country-code="za" data-dial-code="+27"', spans('🇿🇦', 'South Africa', '+27')), 'invalid entry'],
    ['no dial code', item('data-country-code="za"', spans('🇿🇦', 'South Africa', '+27')), 'invalid entry'],
    ['a dial code too long', item('data-country-code="za" data-dial-code="27123"', spans('🇿🇦', 'South Africa', '+27123')), 'invalid entry'],
    ['a country code of three letters', item('data-country-code="zaf" data-dial-code="27"', spans('🇿🇦', 'South Africa', '+27')), 'invalid entry'],
    ['no name', item('data-country-code="za" data-dial-code="27"', spans('🇿🇦', ' ', '+27')), 'invalid entry'],
  ])('refuses %s', (_case, html, message) => {
    expect(() => parseCountryPrefixList(html)).toThrow(CountryPrefixListError);
    expect(() => parseCountryPrefixList(html)).toThrow(message);
  });
});
