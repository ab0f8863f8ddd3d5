// formSchema: the SWV schema of a form definition, rules in CF7's order per tag type.
import { describe, expect, it } from 'vitest';
import { contactForm } from '../../support/site-content.ts';
import { cf7DefaultMessages as m } from '../../../content/forms/default-messages.ts';
import { FormDefinition } from '../../../content/structs/form.struct.ts';
import { assert } from 'superstruct';
import { formSchema, hasErrors, parseSchema, validate } from '../../../src/validation/index.ts';
import { swvSchemaVersion } from '../../../src/validation/form-schema.ts';
import { everyFieldTypeForm } from './every-field-type.form.ts';
import { fileOf } from './rule-harness.ts';

function formData(entries: Array<[string, string | File]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('formSchema of the page contact form (id 5)', () => {
  const schema = formSchema(contactForm);

  it('is a valid SWV schema with CF7 version and the form locale', () => {
    expect(parseSchema(schema)).toEqual(schema);
    expect(schema.version).toBe(swvSchemaVersion);
    expect(swvSchemaVersion).toBe('Contact Form 7 SWV Schema 2024-10');
    expect(schema.locale).toBe('en_ZA');
    expect(formSchema(contactForm, { version: 'test' }).version).toBe('test');
  });

  it('has the rules CF7 would build, with the field messages', () => {
    expect(schema.rules).toEqual([
      { rule: 'required', field: 'your-name', error: 'Enter your full name' },
      { rule: 'minlength', field: 'your-name', error: 'Full name must be 2 characters or more', threshold: 2 },
      { rule: 'maxlength', field: 'your-name', error: 'Full name must be 40 characters or fewer', threshold: 40 },
      { rule: 'required', field: 'your-email', error: 'Enter your email address' },
      { rule: 'email', field: 'your-email', error: 'Enter an email address in the correct format, like name@example.co.za' },
      { rule: 'maxlength', field: 'your-email', error: 'Email address must be 254 characters or fewer', threshold: 254 },
      { rule: 'tel', field: 'your-phone', error: 'Enter a phone number, like 082 123 4567 or +27 11 568 4100' },
      { rule: 'maxlength', field: 'your-phone', error: 'Phone number must be 25 characters or fewer', threshold: 25 },
      { rule: 'maxlength', field: 'your-company', error: 'Company must be 80 characters or fewer', threshold: 80 },
      { rule: 'required', field: 'your-subject', error: 'Choose what we can help with' },
      {
        rule: 'enum',
        field: 'your-subject',
        error: 'Choose one of the listed services',
        accept: [
          'LED video walls',
          'Digital signage',
          'Indoor and outdoor displays',
          'Control rooms',
          'Engineering and structural design',
          'Maintenance and support',
          'Something else',
        ],
      },
      { rule: 'required', field: 'your-message', error: 'Enter your message' },
      { rule: 'minlength', field: 'your-message', error: 'Message must be 10 characters or more', threshold: 10 },
      { rule: 'maxlength', field: 'your-message', error: 'Message must be 2000 characters or fewer', threshold: 2000 },
      { rule: 'file', field: 'your-file', error: 'The selected file must be a PDF, JPG or PNG', accept: ['.pdf', '.jpg', '.jpeg', '.png'] },
      { rule: 'maxfilesize', field: 'your-file', error: 'The selected file must be smaller than 5 MB', threshold: 5 * 1024 * 1024 },
    ]);
  });

  it('accepts a good message and explains each problem of a bad one', () => {
    const good = formData([
      ['your-name', 'Thandi Mokoena'],
      ['your-email', 'thandi@example.co.za'],
      ['your-phone', '+27 82 123 4567'],
      ['your-company', ''],
      ['your-subject', 'LED video walls'],
      ['your-message', 'We need a 4 x 3 m LED wall in our foyer by March.'],
      ['your-file', fileOf('floor-plan.pdf', 2048)],
      ['your-consent', '1'],
      ['_wpcf7', '5'],
    ]);
    expect(hasErrors(validate(schema, good))).toBe(false);

    const bad = formData([
      ['your-name', 'T'],
      ['your-email', 'thandi@example'],
      ['your-phone', 'call me'],
      ['your-subject', 'Free stuff'],
      ['your-message', ''],
      ['your-file', fileOf('virus.exe', 10)],
    ]);
    expect(validate(schema, bad)).toEqual({
      'your-name': { error: 'Full name must be 2 characters or more' },
      'your-email': { error: 'Enter an email address in the correct format, like name@example.co.za' },
      'your-phone': { error: 'Enter a phone number, like 082 123 4567 or +27 11 568 4100' },
      'your-company': { validInputs: [] },
      'your-subject': { error: 'Choose one of the listed services' },
      'your-message': { error: 'Enter your message' },
      'your-file': { error: 'The selected file must be a PDF, JPG or PNG' },
    });
  });
});

describe('formSchema of a form with every field type', () => {
  it('uses a definition the struct accepts', () => {
    expect(() => assert(everyFieldTypeForm, FormDefinition)).not.toThrow();
  });

  const byField = (field: string) => formSchema(everyFieldTypeForm).rules.filter((rule) => rule.field === field);

  it.each<[string, object[]]>([
    ['full-name', [
      { rule: 'required', error: 'Enter your name' },
      { rule: 'minlength', threshold: 2, error: m.invalid_too_short },
      { rule: 'maxlength', threshold: 40, error: m.invalid_too_long },
    ]],
    ['nickname', [{ rule: 'maxlength', threshold: 400, error: m.invalid_too_long }]],
    ['email', [
      { rule: 'required', error: m.invalid_required },
      { rule: 'email', error: m.invalid_email },
      { rule: 'maxlength', threshold: 400, error: m.invalid_too_long },
    ]],
    ['phone', [{ rule: 'tel', error: m.invalid_tel }, { rule: 'maxlength', threshold: 25, error: m.invalid_too_long }]],
    ['website', [{ rule: 'url', error: m.invalid_url }, { rule: 'maxlength', threshold: 400, error: m.invalid_too_long }]],
    ['screens', [
      { rule: 'required', error: m.invalid_required },
      { rule: 'number', error: m.invalid_number },
      { rule: 'minnumber', threshold: 1, error: m.number_too_small },
      { rule: 'maxnumber', threshold: 50, error: m.number_too_large },
      { rule: 'stepnumber', base: 1, interval: 1, error: m.invalid_number },
    ]],
    ['budget', [{ rule: 'number', error: m.invalid_number }]],
    ['install-date', [
      { rule: 'date', error: m.invalid_date },
      { rule: 'mindate', threshold: '2024-01-01', error: m.date_too_early },
      { rule: 'maxdate', threshold: '2026-12-31', error: m.date_too_late },
    ]],
    ['call-time', [{ rule: 'required', error: m.invalid_required }, { rule: 'time', error: m.invalid_time }]],
    ['notes', [{ rule: 'minlength', threshold: 10, error: m.invalid_too_short }]],
    ['service', [{ rule: 'required', error: m.invalid_required }, { rule: 'enum', accept: ['LED', 'Signage'], error: m.invalid_option }]],
    ['regions', [{ rule: 'enum', accept: ['Gauteng', 'Western Cape'], error: m.invalid_option }]],
    ['topics', [
      { rule: 'required', error: m.invalid_required },
      { rule: 'minitems', threshold: 1, error: m.too_few_items },
      { rule: 'maxitems', threshold: 2, error: m.too_many_items },
      { rule: 'enum', accept: ['Design', 'Install', 'Support'], error: m.invalid_option },
    ]],
    ['contact-by', [{ rule: 'maxitems', threshold: 1, error: m.too_many_items }, { rule: 'enum', accept: ['Email', 'Phone'], error: m.invalid_option }]],
    ['heard-from', []],
    ['urgency', [
      { rule: 'required', error: 'Choose how urgent this is' },
      { rule: 'maxitems', threshold: 1, error: m.too_many_items },
      { rule: 'enum', accept: ['Now', 'Later'], error: m.invalid_option },
    ]],
    ['consent', []],
    ['no-marketing', []],
    ['quiz', []],
    ['captcha', []],
    ['drawing', [
      { rule: 'requiredfile', error: m.invalid_required },
      { rule: 'file', accept: ['.pdf', 'image/*'], error: m.upload_file_type_invalid },
      { rule: 'minfilesize', threshold: 100, error: m.upload_file_too_small },
      { rule: 'maxfilesize', threshold: 1024 * 1024, error: 'The drawing must be smaller than 1 MB' },
    ]],
  ])('%s', (field, expected) => {
    expect(byField(field)).toEqual(expected.map((rule) => ({ field, ...rule })));
  });

  it('validates a full submission, checkbox groups posted as name[]', () => {
    const schema = formSchema(everyFieldTypeForm);
    const submission = formData([
      ['full-name', 'Sipho'],
      ['email', 'sipho@example.co.za'],
      ['screens', '4'],
      ['call-time', '09:30'],
      ['service', 'LED'],
      ['regions[]', 'Gauteng'],
      ['regions[]', 'Western Cape'],
      ['topics[]', 'Design'],
      ['topics[]', 'Install'],
      ['contact-by[]', 'Email'],
      ['heard-from[]', 'Other'],
      ['_wpcf7_free_text_heard-from', 'A trade show'],
      ['urgency', 'Now'],
      ['drawing', fileOf('site.png', 500, 'image/png')],
    ]);
    expect(hasErrors(validate(schema, submission))).toBe(false);

    submission.append('topics[]', 'Support');
    submission.append('contact-by[]', 'Phone');
    submission.set('screens', '4.5');
    expect(validate(schema, submission, { fields: ['topics', 'contact-by', 'screens', 'urgency'] })).toEqual({
      screens: { error: m.invalid_number },
      topics: { error: m.too_many_items },
      'contact-by': { error: m.too_many_items },
      urgency: { validInputs: ['Now'] },
    });
  });
});
