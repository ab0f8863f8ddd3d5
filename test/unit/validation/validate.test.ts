// The engine's behaviour, as CF7's swv.validate: first error per field wins, empty passes,
// unknown rules are ignored, `fields` limits the work, name[] values belong to `name`.
import { describe, expect, it } from 'vitest';
import { hasErrors, validate, type SwvSchema } from '../../../src/validation/index.ts';
import { fileOf } from './rule-harness.ts';

function formData(entries: Array<[string, string | File]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const schema: SwvSchema = {
  version: 'Contact Form 7 SWV Schema 2024-10',
  locale: 'en_ZA',
  rules: [
    { rule: 'required', field: 'your-name', error: 'Enter your name' },
    { rule: 'minlength', field: 'your-name', error: 'Too short', threshold: 2 },
    { rule: 'maxlength', field: 'your-name', error: 'Too long', threshold: 5 },
    { rule: 'email', field: 'your-email', error: 'Enter an email address' },
    { rule: 'enum', field: 'your-topics', error: 'Choose listed topics', accept: ['LED', 'Signage'] },
    { rule: 'maxitems', field: 'your-topics', error: 'Too many topics', threshold: 1 },
    { rule: 'no-such-rule', field: 'your-name', error: 'never' },
    { rule: 'no-such-rule', field: 'your-extra', error: 'never' },
  ],
};

describe('validate', () => {
  it('reports each field of the schema, with the values it accepted', () => {
    const result = validate(schema, formData([['your-name', 'Ann'], ['your-email', 'ann@example.co.za'], ['your-topics[]', 'LED'], ['other', 'x']]));
    expect(result).toEqual({
      'your-name': { validInputs: ['Ann'] },
      'your-email': { validInputs: ['ann@example.co.za'] },
      'your-topics': { validInputs: ['LED'] },
      'your-extra': { validInputs: [] },
    });
    expect(hasErrors(result)).toBe(false);
  });

  it('keeps the first error of a field: later rules of that field do not run', () => {
    expect(validate(schema, formData([]))['your-name']).toEqual({ error: 'Enter your name' });
    expect(validate(schema, formData([['your-name', 'A']]))['your-name']).toEqual({ error: 'Too short' });
    expect(validate(schema, formData([['your-name', 'Annabel']]))['your-name']).toEqual({ error: 'Too long' });
  });

  it('orders by the schema, not by the form data', () => {
    const result = validate(schema, formData([['your-topics[]', 'LED'], ['your-topics[]', 'Other']]));
    expect(result['your-topics']).toEqual({ error: 'Choose listed topics' });
  });

  it('passes an empty field for every rule but required and requiredfile', () => {
    const everyRule: SwvSchema = {
      version: '',
      locale: '',
      rules: ['email', 'url', 'tel', 'number', 'date', 'time', 'file', 'enum', 'dayofweek', 'minitems', 'maxitems', 'minlength', 'maxlength',
        'minnumber', 'maxnumber', 'stepnumber', 'mindate', 'maxdate', 'minfilesize', 'maxfilesize', 'all', 'any',
      ].map((rule) => ({ rule, field: rule, error: `${rule} failed`, threshold: 1, accept: [], base: 0, interval: 1 })),
    };
    const empty = formData(everyRule.rules.map((rule) => [rule.field, ''] as [string, string]));
    expect(hasErrors(validate(everyRule, empty))).toBe(false);
    expect(validate({ version: '', locale: '', rules: [{ rule: 'required', field: 'a', error: 'req' }, { rule: 'requiredfile', field: 'b', error: 'file' }] }, empty)).toEqual({
      a: { error: 'req' },
      b: { error: 'file' },
    });
  });

  it('ignores rule names it does not know, at the top and nested', () => {
    const unknown = { version: '', locale: '', rules: [{ rule: 'captcha-v9', field: 'x', error: 'never' }, { rule: 'any', field: 'y', error: 'never', rules: [{ rule: 'nope', field: 'y', error: 'n' }] }] };
    expect(validate(unknown, formData([['x', 'anything']]))).toEqual({ x: { validInputs: ['anything'] }, y: { validInputs: [] } });
  });

  it('validates only the given fields (the field the visitor changed)', () => {
    const result = validate(schema, formData([['your-email', 'nope']]), { fields: ['your-email'] });
    expect(result).toEqual({ 'your-email': { error: 'Enter an email address' } });
    expect(validate(schema, formData([]), { fields: [] })).toEqual({});
  });

  it('keys name[], name[0] and name[a][b] under name and checks every value', () => {
    const data = formData([['your-topics[0]', 'LED'], ['your-topics[1]', 'Signage']]);
    expect(validate(schema, data)['your-topics']).toEqual({ error: 'Too many topics' });
    expect(validate(schema, formData([['your-topics[a][b]', 'LED']]))['your-topics']).toEqual({ validInputs: ['LED'] });
  });

  it('keeps every value of a repeated plain name (a second value cannot slip past)', () => {
    const data = formData([['your-email', 'ann@example.co.za'], ['your-email', 'bad']]);
    expect(validate(schema, data)['your-email']).toEqual({ error: 'Enter an email address' });
  });

  it('leaves empty strings and the empty file input out of validInputs', () => {
    const files: SwvSchema = { version: '', locale: '', rules: [{ rule: 'file', field: 'your-file', error: 'type', accept: ['.pdf'] }] };
    const brief = fileOf('brief.pdf', 10);
    expect(validate(files, formData([['your-file', new File([], '')]]))).toEqual({ 'your-file': { validInputs: [] } });
    expect(validate(files, formData([['your-file', brief]]))).toEqual({ 'your-file': { validInputs: [brief] } });
    expect(validate(schema, formData([['your-topics[]', ''], ['your-topics[]', 'LED']]))['your-topics']).toEqual({ validInputs: ['LED'] });
  });

  it('reads a schema exactly as WordPress serves it (JSON, thresholds as strings)', () => {
    const fromWordPress = JSON.parse(
      '{"version":"Contact Form 7 SWV Schema 2024-10","locale":"en_US","rules":[{"rule":"minnumber","field":"qty","threshold":"2","error":"Too small"},{"rule":"stepnumber","field":"qty","base":"0","interval":"2","error":"Step"},{"rule":"all","field":"qty","error":"All","rules":[{"rule":"maxnumber","field":"qty","threshold":"10","error":"Big"}]}]}',
    ) as unknown;
    expect(validate(fromWordPress, formData([['qty', '1']]))).toEqual({ qty: { error: 'Too small' } });
    expect(validate(fromWordPress, formData([['qty', '3']]))).toEqual({ qty: { error: 'Step' } });
    expect(validate(fromWordPress, formData([['qty', '12']]))).toEqual({ qty: { error: 'All' } });
    expect(validate(fromWordPress, formData([['qty', '4']]))).toEqual({ qty: { validInputs: ['4'] } });
  });

  it('validates again and again with the same schema object', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(validate(schema, formData([['your-name', 'A']]))['your-name']).toEqual({ error: 'Too short' });
    }
  });
});

describe('hasErrors', () => {
  it('is true when any field has an error', () => {
    expect(hasErrors({ a: { validInputs: [] }, b: { error: 'x' } })).toBe(true);
    expect(hasErrors({ a: { validInputs: ['x'] } })).toBe(false);
    expect(hasErrors({})).toBe(false);
  });
});

describe('validate with awkward field names', () => {
  it('treats "constructor" and "__proto__" as ordinary fields', () => {
    const awkward: SwvSchema = {
      version: '',
      locale: '',
      rules: [
        { rule: 'required', field: 'constructor', error: 'c' },
        { rule: 'required', field: '__proto__', error: 'p' },
      ],
    };
    const result = validate(awkward, formData([['constructor', 'x']]));
    expect(Object.keys(result)).toEqual(['constructor', '__proto__']);
    expect(result.constructor).toEqual({ validInputs: ['x'] });
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toEqual({ error: 'p' });
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });
});
