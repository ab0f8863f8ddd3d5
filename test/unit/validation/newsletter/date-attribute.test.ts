import { describe, expect, it } from 'vitest';
import { parseAttributeDate } from '../../../../src/validation/newsletter/index.ts';

describe('parseAttributeDate', () => {
  it.each([
    ['05-03-2027', 'dd-mm-yyyy', '2027-03-05'],
    ['5/3/2027', 'dd-mm-yyyy', '2027-03-05'],
    ['05 03 2027', 'dd-mm-yyyy', '2027-03-05'],
    ['03-05-2027', 'mm-dd-yyyy', '2027-03-05'],
    ['29-02-2028', 'dd-mm-yyyy', '2028-02-29'],
    ['29-02-2027', 'dd-mm-yyyy', null],
    ['31-04-2027', 'dd-mm-yyyy', null],
    ['13-13-2027', 'dd-mm-yyyy', null],
    ['00-01-2027', 'dd-mm-yyyy', null],
    ['2027-03-05', 'dd-mm-yyyy', null],
    ['05-03-27', 'dd-mm-yyyy', null],
    ['01-01-1899', 'dd-mm-yyyy', null],
    ['next week', 'dd-mm-yyyy', null],
  ] as const)('%s (%s) → %s', (value, format, expected) => {
    expect(parseAttributeDate(value, format)).toBe(expected);
  });
});
