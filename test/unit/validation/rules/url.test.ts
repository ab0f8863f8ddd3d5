import { describe, expect, it } from 'vitest';
import { url } from '../../../../src/validation/rules/url.ts';
import { passes } from '../rule-harness.ts';

const valid = [
  'https://example.co.za',
  'http://example.com/path?q=1#top',
  'ftp://files.example.com/a.pdf',
  'mailto:someone@example.com',
  'tel:+27115684100',
  'sms:+27821234567',
  'urn:isbn:0451450523',
  'webcal://example.com/cal.ics',
  '  https://example.com  ',
  'HTTPS://EXAMPLE.COM',
];
const invalid = ['example.com', 'www.example.com', 'javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', 'http//example.com', '://x', 'not a url'];

describe('url', () => {
  it.each(valid)('accepts %j', (value) => expect(passes(url, {}, [value])).toBe(true));
  it.each(invalid)('refuses %j', (value) => expect(passes(url, {}, [value])).toBe(false));
  it('passes an empty field', () => expect(passes(url, {}, [])).toBe(true));
});
