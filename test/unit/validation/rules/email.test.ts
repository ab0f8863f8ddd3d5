import { describe, expect, it } from 'vitest';
import { email } from '../../../../src/validation/rules/email.ts';
import { fileOf, passes } from '../rule-harness.ts';

const valid = [
  'a@b.co',
  'name@example.co.za',
  'first.last+tag@sub.domain.org',
  "o'brien@example.ie",
  'x_y-z@a-b.c-d.net',
  '  padded@example.com  ',
  'UPPER@EXAMPLE.COM',
  '1@2.34',
];
const invalid = [
  'a@b.c'.slice(0, 4), // shorter than 6
  'a@b.c',
  'plainaddress',
  '@example.com',
  'a@@example.com',
  'a@b@example.com',
  'name@example',
  'name@.example.com',
  'name@example.com.',
  'name@example..com',
  'name@-example.com',
  'name@example-.com',
  'name@exa_mple.com',
  'na me@example.com',
  'name(comment)@example.com',
  'name@exämple.com',
];

describe('email', () => {
  it.each(valid)('accepts %j', (value) => expect(passes(email, {}, [value])).toBe(true));
  it.each(invalid)('refuses %j', (value) => expect(passes(email, {}, [value])).toBe(false));
  it('passes an empty field', () => expect(passes(email, {}, [''])).toBe(true));
  it('refuses a file', () => expect(passes(email, {}, [fileOf('a@b.com')])).toBe(false));
  it('checks every value', () => expect(passes(email, {}, ['a@example.com', 'nope'])).toBe(false));
});
