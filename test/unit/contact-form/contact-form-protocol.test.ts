// Contact Form 7's wire protocol as both sides speak it (src/validation/contact-form): the names
// in the plugin's own words, the statuses the machine shows, and acceptance decided alike from
// the browser's values and from the fields the server reads.
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { contactForm } from '../../support/site-content.ts';
import { checkAcceptance } from '../../../server/contact-form/acceptance.ts';
import { fieldEntries, initialValues, isAccepted, applyChange } from '../../../src/machines/contact-form/contact-form-values.ts';
import { contactFormMachine } from '../../../src/machines/contact-form/contact-form.machine.ts';
import { toFormData } from '../../../src/services/contact-form/contact-form-data.service.ts';
import {
  ANSWER_STATES,
  ANSWER_STATUS,
  captchaChallengeName,
  CONTACT_FORM_FIELD,
  contactFormEndpoint,
  contactFormUrl,
  freeTextName,
  legacyFreeTextName,
  quizAnswerName,
  RESTING_CLASSES,
} from '../../../src/validation/contact-form/index.ts';
import { everyFieldForm } from '../contact-form-fixture.ts';

describe('names in the plugin’s words', () => {
  it('hidden fields, honeypot and the names built from a field', () => {
    expect(CONTACT_FORM_FIELD).toEqual({
      formId: '_wpcf7',
      version: '_wpcf7_version',
      locale: '_wpcf7_locale',
      unitTag: '_wpcf7_unit_tag',
      containerPost: '_wpcf7_container_post',
      postedDataHash: '_wpcf7_posted_data_hash',
      recaptcha: '_wpcf7_recaptcha_response',
      honeypot: '_wpcf7_hp_website',
    });
    expect(quizAnswerName('quiz-math')).toBe('_wpcf7_quiz_answer_quiz-math');
    expect(captchaChallengeName('captcha-1')).toBe('_wpcf7_captcha_challenge_captcha-1');
    expect(freeTextName('your-topics')).toBe('_wpcf7_free_text_your-topics');
    expect(legacyFreeTextName('your-topics')).toBe('your-topics_free_text');
  });

  it('REST paths', () => {
    expect(contactFormUrl(5, 'feedback')).toBe('/wp-json/contact-form-7/v1/contact-forms/5/feedback');
    expect(contactFormUrl(5, 'schema')).toBe('/wp-json/contact-form-7/v1/contact-forms/5/feedback/schema');
    expect(contactFormUrl(5, 'refill')).toBe('/wp-json/contact-form-7/v1/contact-forms/5/refill');
    expect(contactFormEndpoint('cf7/v2', 9, 'refill')).toBe('cf7/v2/contact-forms/9/refill');
  });
});

describe('statuses', () => {
  const form = contactFormMachine.root.states.active!.states.form!;
  const editable = form.states.editable!;

  it('every answer status rests in an `editable` state of its own, tagged with its class', () => {
    expect(Object.keys(editable.states).sort()).toEqual(['custom', 'init', ...ANSWER_STATES].sort());
    for (const state of ANSWER_STATES) expect(editable.states[state]!.tags).toEqual([`status:${ANSWER_STATUS[state].className}`]);
    expect(RESTING_CLASSES).toEqual(['init', 'sent', 'invalid', 'unaccepted', 'spam', 'aborted', 'failed', 'payment-required']);
  });

  it('the answer’s guards name every status, mail_sent first, a plugin’s own last', () => {
    const answered = form.states.answered!;
    const routes = answered.always!.map((transition) => [
      (transition.guard as { params?: { status: string } } | undefined)?.params?.status,
      (transition.target as AnyStateNode[])[0]!.key,
    ]);
    expect(routes).toEqual([
      ['mail_sent', 'resetting'],
      ['validation_failed', 'invalid'],
      ['acceptance_missing', 'unaccepted'],
      ['spam', 'spam'],
      ['aborted', 'aborted'],
      ['mail_failed', 'failed'],
      ['payment_required', 'paymentRequired'],
      [undefined, 'custom'],
    ]);
  });
});

describe('acceptance', () => {
  it('the browser’s gate and the server’s check agree on every combination of boxes', () => {
    for (const form of [contactForm, everyFieldForm]) {
      const boxes = form.fields.filter((field) => field.type === 'acceptance').map((field) => field.name);
      for (let ticks = 0; ticks < 2 ** boxes.length; ticks++) {
        const values = boxes.reduce(
          (current, name, index) => applyChange(form.fields, current, { name, checked: (ticks & (1 << index)) !== 0 }),
          initialValues(form.fields),
        );
        const posted = toFormData(fieldEntries(form.fields, values));
        expect(checkAcceptance(form, posted).accepted, `${form.id}: ${ticks.toString(2)}`).toBe(isAccepted(form.fields, values));
      }
    }
  });
});
