import { describe, expect, it } from 'vitest';
import { footerNewsletterForm, homeNewsletterForm } from '../../../support/site-content.ts';
import { checkNewsletter, listsToJoin, readNewsletterValues } from '../../../../src/validation/newsletter/index.ts';

const valid: [string, string][] = [
  ['email', 'thandi@example.co.za'],
  ['FIRSTNAME', 'Thandi'],
  ['PROJECT_DATE', '05-03-2027'],
  ['SMS', '+27 82 555 0123'],
  ['listIDs[]', '2'],
  ['listIDs[]', '4'],
  ['consent', 'yes'],
  // Every list the form offers, as the Brevo plugin's script adds them.
  ['interestingLists[]', '2'],
  ['interestingLists[]', '3'],
  ['interestingLists[]', '4'],
];

function check(entries: [string, string][], form = homeNewsletterForm) {
  return checkNewsletter(form, readNewsletterValues(form, entries)).map(({ field, kind }) => `${field}:${kind}`);
}

function replace(name: string, value: string | null): [string, string][] {
  const rest = valid.filter(([field]) => field !== name);
  return value === null ? rest : [...rest, [name, value]];
}

describe('checkNewsletter', () => {
  it('accepts a complete, valid submission', () => {
    expect(check(valid)).toEqual([]);
  });

  it.each([
    ['email', null, 'email:required'],
    ['email', '   ', 'email:required'],
    ['email', 'thandi@example', 'email:invalidEmail'],
    ['email', 'thandi@example.africa2', 'email:invalidEmail'],
    ['FIRSTNAME', 'x'.repeat(61), 'FIRSTNAME:tooLong'],
    ['PROJECT_DATE', '31-02-2027', 'PROJECT_DATE:invalidDate'],
    ['SMS', '0825550123', 'SMS:invalidSms'],
    ['SMS', '+27 82', 'SMS:invalidSms'],
    ['consent', null, 'consent:required'],
  ])('%s = %j → %s', (name, value, expected) => {
    expect(check(replace(name, value))).toEqual([expected]);
  });

  it('reads an optional SMS holding only its prefix as empty, not as an error', () => {
    const values = readNewsletterValues(homeNewsletterForm, replace('SMS', '+27 '));
    expect(values.sms).toBe('');
    expect(checkNewsletter(homeNewsletterForm, values)).toEqual([]);
  });

  it('knows the picked prefix from sib_SMS_prefix, else the form default', () => {
    const picked = readNewsletterValues(homeNewsletterForm, [...replace('SMS', '+44 '), ['sib_SMS_prefix', '+44']]);
    expect(picked.sms).toBe('');
    const notPicked = readNewsletterValues(homeNewsletterForm, replace('SMS', '+44'));
    expect(notPicked.sms).toBe('+44');
    expect(checkNewsletter(homeNewsletterForm, notPicked).map((problem) => problem.kind)).toEqual(['invalidSms']);
    const malformed = readNewsletterValues(homeNewsletterForm, [...replace('SMS', '+27'), ['sib_SMS_prefix', 'evil']]);
    expect(malformed.smsPrefix).toBe('+27');
    expect(malformed.sms).toBe('');
  });

  it('needs one list ticked when the choice block is required', () => {
    const entries = valid.filter(([name]) => name !== 'listIDs[]');
    expect(check(entries)).toEqual(['listIDs[]:listRequired']);
  });

  it('refuses a list the form does not offer', () => {
    expect(check([...valid, ['listIDs[]', '99']])).toEqual(['listIDs[]:unknownList']);
  });

  it('uses the form notices as messages', () => {
    const [problem] = checkNewsletter(homeNewsletterForm, readNewsletterValues(homeNewsletterForm, replace('email', 'bad')));
    expect(problem?.message).toBe(homeNewsletterForm.messages.invalidEmail);
  });

  it('reports every problem in the order of the fields', () => {
    expect(check([])).toEqual(['email:required', 'listIDs[]:listRequired', 'consent:required']);
  });

  it('joins the ticked lists (listIDs[]), not every offered one (interestingLists[]), or every list of a form without a choice block', () => {
    expect(listsToJoin(homeNewsletterForm, readNewsletterValues(homeNewsletterForm, valid))).toEqual([2, 4]);
    const footer = readNewsletterValues(footerNewsletterForm, [['email', 'a@b.co'], ['consent', 'yes']]);
    expect(checkNewsletter(footerNewsletterForm, footer)).toEqual([]);
    expect(listsToJoin(footerNewsletterForm, footer)).toEqual([2]);
  });

  it('reads the ticked lists only beside the offered ones, as the plugin does', () => {
    const withoutOffered = valid.filter(([name]) => name !== 'interestingLists[]');
    expect(readNewsletterValues(homeNewsletterForm, withoutOffered).lists).toEqual([]);
    expect(check(withoutOffered)).toEqual(['listIDs[]:listRequired']);
    // One offered list is enough, whichever form of the page it came from.
    expect(readNewsletterValues(homeNewsletterForm, [...withoutOffered, ['interestingLists[]', '99']]).lists).toEqual(['2', '4']);
  });

  it('takes offered lists of another form for nothing: a form without a choice block joins its own', () => {
    const footer = readNewsletterValues(footerNewsletterForm, [['email', 'a@b.co'], ['consent', 'yes'], ['interestingLists[]', '3'], ['interestingLists[]', '4']]);
    expect(checkNewsletter(footerNewsletterForm, footer)).toEqual([]);
    expect(listsToJoin(footerNewsletterForm, footer)).toEqual([2]);
  });
});
