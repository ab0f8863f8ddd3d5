import { describe, expect, it } from 'vitest';
import { sidebarContact } from '../../../support/site-content.ts';
import {
  checkSidebarForm,
  formatSidebarMessage,
  parseSidebarRules,
  SIDEBAR_FIELD,
  SIDEBAR_FORM_MESSAGES,
  sidebarFormFields,
  SidebarRuleError,
} from '../../../../src/validation/sidebar-form/index.ts';

const form = sidebarContact.forms[0]!;
const fields = sidebarFormFields(sidebarContact.labels, form, { enabled: true, sum: 7 });
const valid = {
  [SIDEBAR_FIELD.name]: 'Thandi Mokoena',
  [SIDEBAR_FIELD.email]: 'thandi@example.co.za',
  [SIDEBAR_FIELD.message]: 'A quote for a 4 m LED wall, please.',
  [SIDEBAR_FIELD.answer]: '7',
};

describe('the plugin messages', () => {
  it('are the plugin texts, exactly, and one of the site\'s own for control characters', () => {
    expect(SIDEBAR_FORM_MESSAGES).toEqual({
      controlCharacter: '* %% must not contain control characters.',
      required: '* Please enter %%',
      requiredCheckbox: '* Please %%',
      min: '* %% must have at least %% characters.',
      max: '* %% can have at most %% characters.',
      matches: '* %% must match %%.',
      less: '* %% must be less than %%',
      greater: '* %% must be greater than %%.',
      numeric: '* %% must be numeric.',
      email: '* %% must be a valid email address.',
      ip: '* %% must be a valid ip address.',
      answer: '* Wrong %%',
    });
  });
  it('fill %% with the label, then the parameters in order', () => {
    expect(formatSidebarMessage('min', 'Your name', ['2'])).toBe('* Your name must have at least 2 characters.');
    expect(formatSidebarMessage('answer', 'Answer', ['7'])).toBe('* Wrong Answer');
    expect(formatSidebarMessage('matches', 'Repeat e-mail', ['ncf_email_field'])).toBe('* Repeat e-mail must match ncf_email_field.');
    // A label with %% in it is not filled again.
    expect(formatSidebarMessage('less', '100%% sure', ['5'])).toBe('* 100%% sure must be less than 5');
  });
});

describe('rule strings', () => {
  it('parse names and bracketed parameters', () => {
    expect(parseSidebarRules('required|min[2]|max[32]')).toEqual([
      { name: 'required', params: [] },
      { name: 'min', params: ['2'] },
      { name: 'max', params: ['32'] },
    ]);
    expect(parseSidebarRules('ip[6]|matches[a, b]')).toEqual([
      { name: 'ip', params: ['6'] },
      { name: 'matches', params: ['a', 'b'] },
    ]);
    expect(parseSidebarRules('')).toEqual([]);
  });
  it('refuse an unknown rule', () => {
    expect(() => parseSidebarRules('required|minlength[2]')).toThrow(SidebarRuleError);
    expect(() => parseSidebarRules('constructor')).toThrow(SidebarRuleError);
  });
});

describe('checkSidebarForm', () => {
  it('passes a complete message with the right sum', () => {
    expect(checkSidebarForm(fields, valid)).toEqual({});
  });
  it('gives each field the message of its first failing rule', () => {
    expect(checkSidebarForm(fields, {})).toEqual({
      [SIDEBAR_FIELD.name]: '* Please enter Your name',
      [SIDEBAR_FIELD.email]: '* Please enter Your e-mail',
      [SIDEBAR_FIELD.message]: '* Please enter Your message',
      [SIDEBAR_FIELD.answer]: '* Please enter Answer',
    });
    expect(checkSidebarForm(fields, { ...valid, [SIDEBAR_FIELD.name]: 'T', [SIDEBAR_FIELD.email]: 'thandi', [SIDEBAR_FIELD.answer]: '8' })).toEqual({
      [SIDEBAR_FIELD.name]: '* Your name must have at least 2 characters.',
      [SIDEBAR_FIELD.email]: '* Your e-mail must be a valid email address.',
      [SIDEBAR_FIELD.answer]: '* Wrong Answer',
    });
    expect(checkSidebarForm(fields, { ...valid, [SIDEBAR_FIELD.name]: 'x'.repeat(33), [SIDEBAR_FIELD.answer]: 'ab' })).toEqual({
      [SIDEBAR_FIELD.name]: '* Your name can have at most 32 characters.',
      [SIDEBAR_FIELD.answer]: '* Answer must be numeric.',
    });
  });
  it('says "Please" for an unticked required checkbox', () => {
    expect(checkSidebarForm([{ name: 'agree', label: 'agree to be contacted', rules: 'required', checkbox: true }], {})).toEqual({
      agree: '* Please agree to be contacted',
    });
  });
});

describe('sidebarFormFields', () => {
  it('lists the plugin fields in its order, with its rules', () => {
    expect(fields.map((field) => [field.name, field.rules])).toEqual([
      ['ncf_name_field', 'required|min[2]|max[32]'],
      ['ncf_email_field', 'required|email'],
      ['ncf_message_field', 'required|max[5000]'],
      ['ncf_answer_field', 'required|numeric|answer[7]'],
    ]);
    expect(fields.at(-1)?.maxLength).toBe(2);
  });
  it('adds the optional fields a form switches on, required or not, in the plugin order', () => {
    const all = sidebarFormFields(
      sidebarContact.labels,
      { ...form, fields: { company: { on: true, required: false }, phone: { on: true, required: true }, address: { on: true, required: true }, subject: { on: true, required: false } } },
      { enabled: false },
    );
    expect(all.map((field) => [field.name, field.rules])).toEqual([
      ['ncf_name_field', 'required|min[2]|max[32]'],
      ['ncf_company_field', 'max[200]'],
      ['ncf_phone_field', 'required|numeric|max[200]'],
      ['ncf_address_field', 'required|max[200]'],
      ['ncf_email_field', 'required|email'],
      ['ncf_subject_field', 'max[200]'],
      ['ncf_message_field', 'required|max[5000]'],
    ]);
  });
  it('checks only that the answer is a number until the question is known', () => {
    const waiting = sidebarFormFields(sidebarContact.labels, form, { enabled: true, sum: null });
    expect(waiting.at(-1)?.rules).toBe('required|numeric');
  });
});
