import { describe, expect, it } from 'vitest';
import { cleanSms, isDialCode, isPrefixOnly, isSmsFormat } from '../../../../src/validation/newsletter/index.ts';

describe('isSmsFormat: "+" then 6 to 19 characters once spaces, brackets, dots and dashes are gone', () => {
  it.each([
    ['+27825550123', true],
    ['+27 82 555 0123', true],
    ['+27 (82) 555-01.23', true],
    ['+12345', true],
    ['+1234', false],
    [`+${'1'.repeat(18)}`, true],
    [`+${'1'.repeat(19)}`, false],
    ['27825550123', false],
    ['0825550123', false],
    ['+27 82 CALL ME', false],
    ['++27825550123', false],
    ['+27_825550123', false],
    ['', false],
    [`+27${' '.repeat(40)}825550123`, false],
  ])('%s → %s', (value, expected) => {
    expect(isSmsFormat(value)).toBe(expected);
  });
});

describe('cleanSms', () => {
  it('removes spaces, brackets, dots and dashes only', () => {
    expect(cleanSms(' +27 (82) 555-01.23 ')).toBe('+27825550123');
    expect(cleanSms('+27/82')).toBe('+27/82');
  });
});

describe('isPrefixOnly: the field holds the picked dial code and nothing else', () => {
  it.each([
    ['+27', '+27', true],
    ['+27 ', '+27', true],
    ['+', '+27', true],
    ['', '+27', true],
    ['+1 268', '+1268', true],
    ['+27 8', '+27', false],
    ['+27 82', '+27', false],
    ['+44', '+27', false],
    ['+27825550123', '+27', false],
  ])('%j with %s picked → %s', (value, prefix, expected) => {
    expect(isPrefixOnly(value, prefix)).toBe(expected);
  });
});

describe('isDialCode', () => {
  it.each([
    ['+27', true],
    ['+1268', true],
    ['+12345', false],
    ['27', false],
    ['+', false],
  ])('%j → %s', (value, expected) => {
    expect(isDialCode(value)).toBe(expected);
  });
});
