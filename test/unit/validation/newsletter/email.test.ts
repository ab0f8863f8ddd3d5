import { describe, expect, it } from 'vitest';
import { isNewsletterEmail, normaliseEmail } from '../../../../src/validation/newsletter/index.ts';

describe('isNewsletterEmail (default: top-level domain of 2 to 4 letters)', () => {
  it.each([
    ['thandi@example.co.za', true],
    ['t.nkosi+brief@mail.example.com', true],
    ['a@b.io', true],
    ['first.last@sub.domain.info', true],
    ["o'brien@example.ie", true],
    ['ALL.CAPS@EXAMPLE.ORG', true],
    ['', false],
    ['plainaddress', false],
    ['@example.com', false],
    ['name@', false],
    ['name@example', false],
    ['name@example.c', false],
    ['name@example.museum', false],
    ['name@example.joburg', false],
    ['name@example.c0m', false],
    ['name@@example.com', false],
    ['name@exa mple.com', false],
    ['na me@example.com', false],
    ['.name@example.com', false],
    ['name.@example.com', false],
    ['na..me@example.com', false],
    ['name@-example.com', false],
    ['name@example-.com', false],
    ['name@example..com', false],
    [`${'a'.repeat(65)}@example.com`, false],
    [`a@${'b'.repeat(250)}.com`, false],
  ])('%s → %s', (value, expected) => {
    expect(isNewsletterEmail(value)).toBe(expected);
  });

  it.each([
    ['name@joburg.joburg', 8, true],
    ['name@example.capetown', 8, true],
    ['name@example.capetown', 7, false],
    ['name@example.co.za', 8, true],
  ])('%s with a longest TLD of %i → %s', (value, max, expected) => {
    expect(isNewsletterEmail(value, max)).toBe(expected);
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases, so one mailbox is one subscriber', () => {
    expect(normaliseEmail('  Thandi@Example.CO.ZA ')).toBe('thandi@example.co.za');
  });
});
