// The form definition struct checks each field against its own type, so a broken field
// gives one message at its path instead of one per field type.
import { describe, expect, it } from 'vitest';
import { contactForm } from '../../support/site-content.ts';
import { validateContentValue } from '../../../content/validate-content.ts';
import { everyFieldTypeForm } from './every-field-type.form.ts';

function problemsOf(field: Record<string, unknown>): Array<{ path: string; message: string }> {
  return validateContentValue('contactForm', { ...everyFieldTypeForm, fields: [field] }).map(({ path, message }) => ({ path, message }));
}

describe('FormDefinition', () => {
  it('accepts the real contact form and the every-field-type form', () => {
    expect(validateContentValue('contactForm', contactForm)).toEqual([]);
    expect(validateContentValue('contactForm', everyFieldTypeForm)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, { path: string; message: string }]>([
    ['a date limit that is no calendar day', { type: 'date', name: 'x', label: 'X', min: '2024-02-30' }, {
      path: 'fields[0].min',
      message: 'Expected a calendar date (YYYY-MM-DD), but received: "2024-02-30"',
    }],
    ['a date limit in another format', { type: 'date', name: 'x', label: 'X', max: '31/12/2024' }, {
      path: 'fields[0].max',
      message: 'Expected a calendar date (YYYY-MM-DD), but received: "31/12/2024"',
    }],
    ['an option missing on a select', { type: 'select', name: 'x', label: 'X' }, {
      path: 'fields[0].options',
      message: 'Expected an array value, but received: undefined',
    }],
    ['a property of another field type', { type: 'text', name: 'x', label: 'X', options: [] }, {
      path: 'fields[0].options',
      message: 'Expected a value of type `never`, but received: ``',
    }],
    ['a field name starting with an underscore', { type: 'text', name: '_wpcf7', label: 'X' }, {
      path: 'fields[0].name',
      message: 'Expected a string matching `/^[a-z][a-z0-9_-]*$/` but received "_wpcf7"',
    }],
  ])('reports %s at its path', (_name, field, problem) => {
    expect(problemsOf(field)).toEqual([problem]);
  });

  it('names the field types when the type is unknown or missing', () => {
    const [problem] = problemsOf({ type: 'slider', name: 'x', label: 'X' });
    expect(problem?.path).toBe('fields[0].type');
    expect(problem?.message).toContain('Expected one of `"text","email","tel","url","textarea","number","date","time","select","checkbox","radio","acceptance","quiz","captcha","file"`');
    expect(problemsOf({ name: 'x' })[0]?.path).toBe('fields[0].type');
  });
});
