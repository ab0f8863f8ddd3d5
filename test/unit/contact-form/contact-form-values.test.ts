// The contact form's pure rules, as Contact Form 7's client applies them: exclusive checkboxes,
// free text, url completion, acceptance gating, the counter, posted names, refills, statuses,
// the `wpcf7` configuration, browser support and the plugin's DOM events.
import { describe, expect, it } from 'vitest';
import { contactForm } from '../../support/site-content.ts';
import { captchaChallengeOf, errorsAfterValidation, refilled } from '../../../src/machines/contact-form/contact-form-answer.ts';
import { createContext } from '../../../src/machines/contact-form/contact-form-initial-context.ts';
import { hiddenEntries, submissionEntries } from '../../../src/machines/contact-form/contact-form-submission.ts';
import { statusClass } from '../../../src/validation/contact-form/index.ts';
import {
  applyChange,
  characterCount,
  commitField,
  completeUrl,
  fieldEntries,
  initialValues,
  isAccepted,
  isFreeTextEnabled,
  type FormValues,
} from '../../../src/machines/contact-form/contact-form-values.ts';
import { checkBrowserSupport } from '../../../src/services/shared/browser-support.service.ts';
import { answerEventName, cf7Events } from '../../../src/services/contact-form/cf7-dom-events.service.ts';
import { MISSING_WPCF7, MISSING_WPCF7_API, readWpcf7Config } from '../../../src/services/contact-form/cf7-config.service.ts';
import { everyFieldForm } from '../contact-form-fixture.ts';

const fields = everyFieldForm.fields;
const field = (name: string) => fields.find((candidate) => candidate.name === name)!;
const start = initialValues(fields);
const change = (values: FormValues, name: string, value: string, checked: boolean) => applyChange(fields, values, { name, value, checked });

describe('checkboxes', () => {
  it('an exclusive group keeps only the box just ticked, and can be emptied', () => {
    let values = change(start, 'your-contact-time', 'Morning', true);
    values = change(values, 'your-contact-time', 'Afternoon', true);
    expect(values['your-contact-time']).toEqual(['Afternoon']);
    expect(change(values, 'your-contact-time', 'Afternoon', false)['your-contact-time']).toEqual([]);
  });

  it('an ordinary group keeps every ticked box, in the order of the options', () => {
    let values = change(start, 'your-topics', 'Other', true);
    values = change(values, 'your-topics', 'Price', true);
    expect(values['your-topics']).toEqual(['Price', 'Other']);
    expect(change(values, 'your-topics', 'Other', false)['your-topics']).toEqual(['Price']);
  });

  it('a free-text input is enabled only while its (last) option is chosen', () => {
    expect(isFreeTextEnabled(field('your-topics'), start)).toBe(false);
    expect(isFreeTextEnabled(field('your-topics'), change(start, 'your-topics', 'Price', true))).toBe(false);
    expect(isFreeTextEnabled(field('your-topics'), change(start, 'your-topics', 'Other', true))).toBe(true);
    const radio = applyChange(fields, start, { name: 'your-size', value: 'Other size' });
    expect(isFreeTextEnabled(field('your-size'), radio)).toBe(true);
    expect(isFreeTextEnabled(field('your-name'), radio)).toBe(false);
  });
});

describe('url fields', () => {
  it.each([
    ['example.co.za', 'http://example.co.za'],
    ['  www.example.com/path ', 'http://www.example.com/path'],
    ['//example.com', 'http://example.com'],
    ['https://example.com', 'https://example.com'],
    ['mailto:sales@example.com', 'mailto:sales@example.com'],
    ['localhost', 'localhost'],
    ['', ''],
  ])('%j becomes %j when the visitor leaves the field', (typed, completed) => {
    expect(completeUrl(typed)).toBe(completed);
  });

  it('only url fields are completed', () => {
    const values = { ...start, 'your-website': 'example.com', 'your-name': 'example.com' };
    expect(commitField(fields, values, 'your-website')['your-website']).toBe('http://example.com');
    expect(commitField(fields, values, 'your-name')['your-name']).toBe('example.com');
  });
});

describe('acceptance', () => {
  it('gates the submission: ticked, or unticked when inverted; optional ones never gate', () => {
    expect(isAccepted(fields, start)).toBe(true);
    expect(isAccepted(fields, applyChange(fields, start, { name: 'no-marketing', checked: true }))).toBe(false);
    expect(isAccepted(fields, applyChange(fields, start, { name: 'newsletter-ok', checked: true }))).toBe(true);
    const page = initialValues(contactForm.fields);
    expect(isAccepted(contactForm.fields, page)).toBe(false);
    expect(isAccepted(contactForm.fields, applyChange(contactForm.fields, page, { name: 'your-consent', checked: true }))).toBe(true);
  });
});

describe('the character counter', () => {
  const message = field('your-message') as Parameters<typeof characterCount>[0];
  it.each([
    [0, { tooShort: true, tooLong: false }],
    [4, { tooShort: true, tooLong: false }],
    [5, { tooShort: false, tooLong: false }],
    [20, { tooShort: false, tooLong: false }],
    [21, { tooShort: false, tooLong: true }],
  ])('%i characters (5 to 20 allowed): %j', (count, expected) => {
    expect(characterCount(message, count)).toMatchObject({ count, maximum: 20, minimum: 5, ...expected });
  });
});

describe('what is posted', () => {
  it("names values as the plugin does: name[] for groups, the plain name for exclusive ones, '1' for acceptance", () => {
    let values = change(start, 'your-topics', 'Other', true);
    values = change(values, 'your-contact-time', 'Morning', true);
    values = applyChange(fields, values, { name: 'your-services', value: ['led', 'signage'] });
    values = applyChange(fields, values, { name: 'newsletter-ok', checked: true });
    values = { ...values, '_wpcf7_free_text_your-topics': 'Warranty' };
    const entries = fieldEntries(fields, values);
    expect(entries).toContainEqual(['your-topics[]', 'Other']);
    expect(entries).toContainEqual(['_wpcf7_free_text_your-topics', 'Warranty']);
    expect(entries).toContainEqual(['your-contact-time', 'Morning']);
    expect(entries).toContainEqual(['your-services[]', 'led']);
    expect(entries).toContainEqual(['your-services[]', 'signage']);
    expect(entries).toContainEqual(['newsletter-ok', '1']);
    expect(entries.some(([name]) => name === 'no-marketing')).toBe(false);
    expect(entries.some(([name]) => name === 'your-size' || name === '_wpcf7_free_text_your-size')).toBe(false);
    expect(entries.at(-1)).toEqual(['_wpcf7_hp_website', '']);
  });

  it('a disabled free-text input is not posted', () => {
    const values = { ...start, '_wpcf7_free_text_your-topics': 'left over' };
    expect(fieldEntries(fields, values).some(([name]) => name.startsWith('_wpcf7_free_text'))).toBe(false);
  });

  it('the hidden fields come first, with the token, quiz hash and captcha challenge', () => {
    const context = { ...createContext({ form: contactForm, wpcf7: null }), token: 'tok', postedDataHash: 'h1' };
    expect(hiddenEntries(context)).toEqual([
      ['_wpcf7', '5'],
      ['_wpcf7_version', '6.0.6'],
      ['_wpcf7_locale', 'en_ZA'],
      ['_wpcf7_unit_tag', 'wpcf7-f5-o1'],
      ['_wpcf7_container_post', '0'],
      ['_wpcf7_posted_data_hash', 'h1'],
      ['_wpcf7_recaptcha_response', 'tok'],
    ]);
    const every = { ...createContext({ form: everyFieldForm, wpcf7: null }), quiz: { 'quiz-math': { question: 'q', answerHash: 'qh' } }, captcha: { 'captcha-1': { src: '/x/77.svg', challenge: '77' } } };
    const names = submissionEntries(every).map(([name]) => name);
    expect(names).toContain('_wpcf7_quiz_answer_quiz-math');
    expect(names).toContain('_wpcf7_captcha_challenge_captcha-1');
    expect(names).not.toContain('_wpcf7_recaptcha_response');
  });
});

describe('refill', () => {
  it('the captcha id is the trailing digits of the image name', () => {
    expect(captchaChallengeOf('https://site.test/wp-content/uploads/wpcf7_captcha/3861523219.png')).toBe('3861523219');
    expect(captchaChallengeOf('/wp-content/uploads/wpcf7_captcha/42.svg')).toBe('42');
    expect(captchaChallengeOf('/no-digits.svg')).toBe('');
  });

  it('sets new questions and pictures and empties their answers', () => {
    const context = { ...createContext({ form: everyFieldForm, wpcf7: null }), values: { ...start, 'quiz-math': '2', 'captcha-1': 'abcd' } };
    const next = refilled(context, { quiz: { 'quiz-math': ['3 + 4 = ?', 'h7'] }, captcha: { 'captcha-1': '/u/991.svg' } });
    expect(next.quiz).toEqual({ 'quiz-math': { question: '3 + 4 = ?', answerHash: 'h7' } });
    expect(next.captcha).toEqual({ 'captcha-1': { src: '/u/991.svg', challenge: '991' } });
    expect(next.values?.['quiz-math']).toBe('');
    expect(next.values?.['captcha-1']).toBe('');
    expect(refilled(context, {})).toEqual({});
    expect(refilled(context, null)).toEqual({});
  });

  it('a validation replaces the errors of the fields it checked, and only theirs', () => {
    const errors = { a: 'old a', b: 'old b' };
    expect(errorsAfterValidation(errors, ['a', 'c'], { c: { error: 'c is wrong' } })).toEqual({ b: 'old b', c: 'c is wrong' });
  });
});

describe('statuses', () => {
  it.each([
    ['init', 'init'],
    ['validation_failed', 'invalid'],
    ['acceptance_missing', 'unaccepted'],
    ['spam', 'spam'],
    ['aborted', 'aborted'],
    ['mail_sent', 'sent'],
    ['mail_failed', 'failed'],
    ['payment_required', 'payment-required'],
    ['submitting', 'submitting'],
    ['resetting', 'resetting'],
    ['validating', 'validating'],
    ['needs_review', 'custom-needs-review'],
    ['  odd / status!! ', 'custom-odd-status'],
  ])('%j is the class %j', (status, className) => {
    expect(statusClass(status)).toBe(className);
  });

  it('each answer has its DOM event, then wpcf7submit', () => {
    expect(['invalid', 'unaccepted', 'spam', 'aborted', 'sent', 'failed', 'payment-required', 'custom-x'].map(answerEventName)).toEqual([
      'wpcf7invalid',
      'wpcf7unaccepted',
      'wpcf7spam',
      'wpcf7aborted',
      'wpcf7mailsent',
      'wpcf7mailfailed',
      undefined,
      undefined,
    ]);
    const info = { contactFormId: 5, pluginVersion: '6.0.6', contactFormLocale: 'en_ZA', unitTag: 'wpcf7-f5-o1', containerPostId: 0 };
    const response = { status: 'mail_sent' };
    expect(cf7Events(info, { type: 'submission.answered', status: 'sent', response, inputs: [] }).map(({ name }) => name)).toEqual(['wpcf7mailsent', 'wpcf7submit']);
    expect(cf7Events(info, { type: 'status.changed', status: 'sent', previousStatus: 'resetting' })[0]).toEqual({
      name: 'wpcf7statuschanged',
      detail: { ...info, status: 'sent', prevStatus: 'resetting' },
    });
  });
});

describe('configuration and browser', () => {
  it("reads wpcf7 like the plugin, and says what is missing in the plugin's words", () => {
    expect(readWpcf7Config(undefined)).toEqual({ ok: false, problem: MISSING_WPCF7 });
    expect(readWpcf7Config({ cached: 1 })).toEqual({ ok: false, problem: MISSING_WPCF7_API });
    expect(readWpcf7Config({ api: { root: 'https://example.com/wp-json', namespace: '/contact-form-7/v1/' } })).toEqual({
      ok: true,
      config: { api: { root: 'https://example.com/wp-json/', namespace: 'contact-form-7/v1' }, cached: false },
    });
  });

  it('names the first feature a browser lacks', () => {
    const modern = { fetch() {}, FormData: class {}, NodeList: { prototype: { forEach() {} } }, String: { prototype: { replaceAll() {} } } };
    expect(checkBrowserSupport(modern)).toEqual({ missing: null });
    expect(checkBrowserSupport({ ...modern, fetch: undefined }).missing).toBe('Your browser does not support window.fetch().');
    expect(checkBrowserSupport({ ...modern, FormData: undefined }).missing).toBe('Your browser does not support window.FormData().');
    expect(checkBrowserSupport({ ...modern, NodeList: { prototype: {} } }).missing).toBe('Your browser does not support NodeList.forEach().');
    expect(checkBrowserSupport({ ...modern, String: { prototype: {} } }).missing).toBe('Your browser does not support String.replaceAll().');
    expect(checkBrowserSupport()).toEqual({ missing: null });
  });
});
