// A malformed schema is a clear error naming the path of the problem.
import { describe, expect, it } from 'vitest';
import { parseSchema, SchemaError, validate } from '../../../src/validation/index.ts';

const ok = { rule: 'required', field: 'your-name', error: 'Enter your name' };

describe('parseSchema', () => {
  it('returns the schema with its version, locale and rules', () => {
    const schema = { version: 'Contact Form 7 SWV Schema 2024-10', locale: 'en_ZA', rules: [ok] };
    expect(parseSchema(schema)).toEqual(schema);
  });

  it('keeps every rule property and allows properties CF7 may add', () => {
    const rule = { rule: 'any', field: 'f', error: 'e', threshold: 3, accept: ['a', 1], base: 1, interval: 2, rules: [ok], future: true };
    expect(parseSchema({ version: 'v', locale: 'l', rules: [rule] }).rules[0]).toMatchObject({ ...rule, future: true });
  });

  it('makes numeric strings in base and interval numbers (WordPress writes options as strings)', () => {
    expect(parseSchema({ rules: [{ ...ok, base: '-1.5', interval: '0.5' }] }).rules[0]).toMatchObject({ base: -1.5, interval: 0.5 });
  });

  it('defaults a missing version and locale to empty strings', () => {
    expect(parseSchema({ rules: [] })).toEqual({ version: '', locale: '', rules: [] });
  });

  it.each<[string, unknown, string]>([
    ['not an object', null, 'schema: expected an object, but received null'],
    ['a string', 'rules', 'schema: expected an object, but received "rules"'],
    ['no rules', { version: 'v' }, 'rules: expected an array, but received nothing'],
    ['rules not a list', { rules: {} }, 'rules: expected an array, but received an object'],
    ['a rule not an object', { rules: [ok, 'required'] }, 'rules[1]: expected an object, but received "required"'],
    ['a rule without a name', { rules: [ok, { field: 'a', error: 'e' }] }, 'rules[1].rule: expected a string, but received nothing'],
    ['a rule without a field', { rules: [{ rule: 'required', error: 'e' }] }, 'rules[0].field: expected a string, but received nothing'],
    ['an error that is not text', { rules: [{ ...ok, error: 5 }] }, 'rules[0].error: expected a string, but received 5'],
    ['a bad threshold', { rules: [ok, ok, ok, { ...ok, threshold: {} }] }, 'rules[3].threshold: expected a number or a string, but received an object'],
    ['a bad interval', { rules: [{ ...ok, interval: 'two' }] }, 'rules[0].interval: expected a number, but received "two"'],
    ['accept not a list', { rules: [{ ...ok, accept: '.pdf' }] }, 'rules[0].accept: expected an array, but received ".pdf"'],
    ['a bad accept item', { rules: [{ ...ok, accept: ['.pdf', null] }] }, 'rules[0].accept[1]: expected a number or a string, but received null'],
    ['a bad nested rule', { rules: [{ ...ok, rule: 'all', rules: [ok, { ...ok, field: 7 }] }] }, 'rules[0].rules[1].field: expected a string, but received 7'],
    ['a version that is not text', { version: 2, rules: [] }, 'version: expected a string, but received 2'],
  ])('refuses %s', (_name, value, message) => {
    expect(() => parseSchema(value)).toThrow(SchemaError);
    expect(() => parseSchema(value)).toThrow(message);
  });

  it('is what validate throws for a malformed schema', () => {
    expect(() => validate({ rules: [{ rule: 'required' }] }, new FormData())).toThrow('rules[0].field: expected a string');
  });
});
