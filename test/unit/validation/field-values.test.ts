// How FormData entries become the values of a field, the same in the browser and the server.
import { describe, expect, it } from 'vitest';
import { fieldKey, isEmptyValue, readFieldValues } from '../../../src/validation/field-values.ts';
import { fileOf } from './rule-harness.ts';

describe('fieldKey', () => {
  it.each([
    ['your-name', 'your-name'],
    ['your-topics[]', 'your-topics'],
    ['your-topics[0]', 'your-topics'],
    ['address[home][street]', 'address'],
    ['_wpcf7', '_wpcf7'],
    ['_wpcf7_free_text_heard-from', '_wpcf7_free_text_heard-from'],
    ['[odd]', '[odd]'],
  ])('%s belongs to %s', (name, key) => expect(fieldKey(name)).toBe(key));
});

describe('isEmptyValue', () => {
  it.each<[string, string | File, boolean]>([
    ['an empty string', '', true],
    ['blank text', ' \n\t ', true],
    ['text', ' a ', false],
    ['"0"', '0', false],
    ['the nameless empty file of an untouched file input', new File([], ''), true],
    ['a named empty file', fileOf('empty.txt', 0), false],
    ['a file', fileOf('brief.pdf', 10), false],
  ])('%s: %s', (_name, value, empty) => expect(isEmptyValue(value)).toBe(empty));
});

describe('readFieldValues', () => {
  it('groups values by field, in posted order, without the empty ones', () => {
    const data = new FormData();
    data.append('topics[]', 'A');
    data.append('name', 'Ann');
    data.append('topics[]', '');
    data.append('topics[]', 'B');
    data.append('blank', '  ');
    expect(Object.fromEntries(readFieldValues(data))).toEqual({ topics: ['A', 'B'], name: ['Ann'] });
  });
});
