// The build's cross-checks of form definitions: each problem names the field path.
import { describe, expect, it } from 'vitest';
import { contactForm } from '../../support/site-content.ts';
import { checkForm } from '../../../content/forms/check-form.ts';
import { sitePaths } from '../../../content/content-files.ts';
import { siteContent } from '../../support/site-content.ts';
import { crossCheckContent } from '../../../content/validate-content.ts';
import type { FormDefinition, FormField } from '../../../content/structs/form.struct.ts';
import { everyFieldTypeForm } from './every-field-type.form.ts';

function withFields(...fields: FormField[]): FormDefinition {
  return { ...everyFieldTypeForm, fields: [...everyFieldTypeForm.fields, ...fields] };
}

const options = [
  { value: 'A', label: 'A' },
  { value: 'B', label: 'B' },
];

describe('checkForm', () => {
  it('finds nothing wrong with the real contact form and the every-field-type form', () => {
    expect(checkForm(contactForm, sitePaths)).toEqual([]);
    expect(checkForm(everyFieldTypeForm, sitePaths)).toEqual([]);
  });

  it.each<[string, FormDefinition, { path: string; message: string }]>([
    ['a repeated field name', withFields({ type: 'text', name: 'email', label: 'Again' }), {
      path: 'fields[21].name',
      message: 'Give each field its own name: “email” is used more than once.',
    }],
    ['a repeated option value', withFields({ type: 'select', name: 'dup', label: 'Dup', options: [...options, { value: 'A', label: 'A again' }] }), {
      path: 'fields[21].options[2].value',
      message: 'Give each option its own value: “A” is used more than once.',
    }],
    ['a repeated checkbox value', withFields({ type: 'checkbox', name: 'dup', label: 'Dup', options: [...options, { value: 'B', label: 'B' }] }), {
      path: 'fields[21].options[2].value',
      message: 'Give each option its own value: “B” is used more than once.',
    }],
    ['minLength above maxLength', withFields({ type: 'textarea', name: 'x', label: 'X', minLength: 50, maxLength: 10 }), {
      path: 'fields[21].minLength',
      message: 'Make minLength (50) at most maxLength (10).',
    }],
    ['min above max', withFields({ type: 'number', name: 'x', label: 'X', min: 5, max: 1 }), {
      path: 'fields[21].min',
      message: 'Make min (5) at most max (1).',
    }],
    ['a step of 0', withFields({ type: 'number', name: 'x', label: 'X', step: 0 }), {
      path: 'fields[21].step',
      message: 'Use a step above 0: 0 is not.',
    }],
    ['date limits out of order', withFields({ type: 'date', name: 'x', label: 'X', min: '2025-01-01', max: '2024-01-01' }), {
      path: 'fields[21].min',
      message: 'Make min (2025-01-01) at most max (2024-01-01).',
    }],
    ['minItems above maxItems', withFields({ type: 'checkbox', name: 'x', label: 'X', options, minItems: 2, maxItems: 1 }), {
      path: 'fields[21].minItems',
      message: 'Make minItems (2) at most maxItems (1).',
    }],
    ['minItems above the options', withFields({ type: 'checkbox', name: 'x', label: 'X', options, minItems: 3 }), {
      path: 'fields[21].minItems',
      message: 'Ask for at most as many choices as there are options (2): 3 is more.',
    }],
    ['exclusive radio buttons', withFields({ type: 'radio', name: 'x', label: 'X', options, exclusive: true }), {
      path: 'fields[21].exclusive',
      message: 'Set “exclusive” only on checkboxes: radio buttons allow one choice already.',
    }],
    ['exclusive checkboxes allowing 2', withFields({ type: 'checkbox', name: 'x', label: 'X', options, exclusive: true, maxItems: 2 }), {
      path: 'fields[21].maxItems',
      message: 'Allow at most 1 choice on exclusive checkboxes: 2 is more.',
    }],
    ['a required select without a blank option', withFields({ type: 'select', name: 'x', label: 'X', options, required: true }), {
      path: 'fields[21].includeBlank',
      message: 'Start a required single choice with a blank option (“Choose …”).',
    }],
    ['minSize above maxSize', withFields({ type: 'file', name: 'x', label: 'X', accept: ['.pdf'], minSize: 10, maxSize: 5 }), {
      path: 'fields[21].minSize',
      message: 'Make minSize (10) at most maxSize (5).',
    }],
    ['a reply-to that is not an email field', { ...everyFieldTypeForm, mail: { ...everyFieldTypeForm.mail, replyTo: 'phone' } }, {
      path: 'mail.replyTo',
      message: 'Use the name of one of the form’s e-mail fields (email): “phone” is not one.',
    }],
    ['a reply-to naming no field', { ...everyFieldTypeForm, mail: { ...everyFieldTypeForm.mail, replyTo: 'your-email' } }, {
      path: 'mail.replyTo',
      message: 'Use the name of one of the form’s e-mail fields (email): “your-email” is not one.',
    }],
    ['a mail tag naming no field', { ...everyFieldTypeForm, mail: { ...everyFieldTypeForm.mail, subject: 'From [your-name]' } }, {
      path: 'mail.subject',
      message: 'Use [tags] that name fields of the form (full-name, nickname, email, phone, website, screens, budget, install-date, call-time, notes, service, regions, topics, contact-by, heard-from, urgency, consent, no-marketing, quiz, captcha, drawing): “[your-name]” is not one.',
    }],
    ['a redirect to no page of the site', { ...everyFieldTypeForm, actions: [{ type: 'redirect', url: '/thanks/', delay: 0, open: 'redirect' }] }, {
      path: 'actions[0].url',
      message: `Use a page of the site (${sitePaths.join(', ')}): “/thanks/” is not one.`,
    }],
    ['a redirect to a host off the allow-list', { ...everyFieldTypeForm, allowedHosts: ['crm.example.com'], actions: [{ type: 'redirect', url: 'https://evil.example.net/pay', delay: 0, open: 'redirect' }] }, {
      path: 'actions[0].url',
      message: 'Use a host the form allows (allowedHosts: crm.example.com): “evil.example.net” is not one.',
    }],
    ['a query from no field of the form', { ...everyFieldTypeForm, actions: [{ type: 'redirect', url: '/thank-you/', delay: 0, open: 'redirect', query: [{ param: 'n', field: 'your-name' }] }] }, {
      path: 'actions[0].query[0].field',
      message: `Use a field of the form (${everyFieldTypeForm.fields.map((field) => field.name).join(', ')}): “your-name” is not one.`,
    }],
    ['an API template tag naming no field', { ...everyFieldTypeForm, allowedHosts: ['crm.example.com'], actions: [{ type: 'api_json_xml_request', url: 'https://crm.example.com/leads', method: 'POST', format: 'json', template: '{"who": "[who]"}' }] }, {
      path: 'actions[0].template',
      message: `Use a field of the form (${everyFieldTypeForm.fields.map((field) => field.name).join(', ')}): “who” is not one.`,
    }],
    ['a PayPal action with both a fixed amount and an amount field', { ...everyFieldTypeForm, actions: [{ type: 'redirect_to_paypal', business: 'pay@example.co.za', itemName: 'Deposit', amount: 10, amountField: 'budget', currency: 'ZAR', delay: 0 }] }, {
      path: 'actions[0].amount',
      message: 'Give either a fixed amount (amount) or the field it comes from (amountField), one of the two.',
    }],
  ])('reports %s', (_name, form, problem) => {
    expect(checkForm(form, sitePaths)).toEqual([problem]);
  });

  it('reports an optional reply-to field (every message must be answerable)', () => {
    const form = withFields({ type: 'email', name: 'other-email', label: 'Other' });
    expect(checkForm({ ...form, mail: { ...form.mail, replyTo: 'other-email' } }, sitePaths)).toEqual([
      { path: 'mail.replyTo', message: 'Use a required e-mail field, so every message can be answered: “other-email” is optional.' },
    ]);
  });
});

describe('crossCheckContent', () => {
  const content = siteContent;
  const images = new Set(JSON.stringify(content).match(/"key":"[a-z0-9-]+"/g)?.map((match) => match.slice(7, -1)));

  it('names the form file and the field path of a form problem', () => {
    const broken = { ...contactForm, mail: { ...contactForm.mail, replyTo: 'your-name' } };
    expect(crossCheckContent({ ...content, contactForm }, images)).toEqual([]);
    expect(crossCheckContent({ ...content, contactForm: broken }, images)).toEqual([
      {
        file: 'content/documents/contact-form.json',
        path: 'mail.replyTo',
        message: 'Use the name of one of the form’s e-mail fields (your-email): “your-name” is not one.',
      },
    ]);
  });
});
