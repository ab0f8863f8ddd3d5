import type { FastifyBaseLogger } from 'fastify';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import {
  NEWSLETTER_FIELD,
  NEWSLETTER_FORM_ACTION,
  checkNewsletter,
  listsToJoin,
  readNewsletterValues,
  type NewsletterProblem,
  type NewsletterStatus,
} from '../../src/validation/newsletter/index.ts';
import { fieldValue, type FormFields } from '../http/form-fields.ts';
import { verifyRecaptcha } from '../security/recaptcha.ts';
import type { NonceService } from '../security/nonce-service.ts';
import { consentOriginOf, type ConsentRequest } from './consent-origin.ts';
import { badRequest, formNotFound, invalidNonce } from './newsletter-answer.ts';
import { NEWSLETTER_RECAPTCHA_ACTION, SUBSCRIBE_NONCE_ACTION, type NewsletterFormRegistry } from './newsletter-forms.ts';
import { checkFieldCounts, hasOverlongValue } from './posted-fields.ts';
import { subscribe, type SubscribeServices } from './subscribe.ts';

/*
 * One sign-up from a Brevo-style newsletter form, checked in order: the field counts, the form
 * action and id, the nonce (`security`, action sib_subscribe), the length of every value,
 * reCAPTCHA when configured, then the form's own rules (shared with the browser); then the
 * subscriber is stored (subscribe.ts). A request that is not a sign-up at all throws the
 * newsletter's RestError (newsletter-answer.ts); every sign-up ends in a status the plugin
 * knows, which the route answers with the form's words.
 */

export interface SignUpServices extends SubscribeServices {
  forms: Pick<NewsletterFormRegistry, 'find'>;
  nonces: Pick<NonceService, 'verify'>;
  /** reCAPTCHA's verifier; `secret` null: not configured, no token is asked for. */
  recaptcha: { verifyUrl: string; secret: string | null };
  /** The site's host name, where tokens must have been issued. */
  hostname: string;
  log: FastifyBaseLogger;
  /** Told after a mail (or a Brevo change) was committed to the outbox, so a worker can pick it up at once. */
  onMailQueued: (channel: 'mail' | 'brevo') => void;
}

export interface SignUpInput {
  /** The path the form was posted to: the form's own action. */
  path: string;
  fields: FormFields;
  request: ConsentRequest;
  /** The visitor's nonce cookie (security/nonce-cookie.ts), which the nonce must pair with. */
  nonceBinding: string | undefined;
}

export interface SignUpOutcome {
  form: NewsletterForm;
  status: NewsletterStatus;
}

/** The form the sign-up is for, once the request is one: action, form id, path and nonce. */
function signUpForm(services: SignUpServices, { path, fields, nonceBinding }: SignUpInput): NewsletterForm {
  checkFieldCounts(fields);
  if (fieldValue(fields, NEWSLETTER_FIELD.action) !== NEWSLETTER_FORM_ACTION) {
    throw badRequest(`${NEWSLETTER_FIELD.action} must be ${NEWSLETTER_FORM_ACTION}.`);
  }
  const idText = fieldValue(fields, NEWSLETTER_FIELD.formId);
  const form = /^[1-9][0-9]{0,6}$/.test(idText) ? services.forms.find(Number(idText)) : undefined;
  if (form === undefined || form.action !== path) throw formNotFound();
  if (services.nonces.verify(fieldValue(fields, NEWSLETTER_FIELD.security), SUBSCRIBE_NONCE_ACTION, nonceBinding) === false) throw invalidNonce();
  return form;
}

export async function processSignUp(services: SignUpServices, input: SignUpInput): Promise<SignUpOutcome> {
  const form = signUpForm(services, input);
  return { form, status: await signUpStatus(services, form, input) };
}

async function signUpStatus(services: SignUpServices, form: NewsletterForm, { fields, request }: SignUpInput): Promise<NewsletterStatus> {
  if (hasOverlongValue(fields)) return 'failure';

  const { recaptcha } = services;
  if (form.recaptcha && recaptcha.secret !== null) {
    const token = fieldValue(fields, NEWSLETTER_FIELD.recaptcha);
    if (token.trim() === '') return 'gcaptchaEmpty';
    const verdict = await verifyRecaptcha({
      verifyUrl: recaptcha.verifyUrl,
      secret: recaptcha.secret,
      token,
      hostname: services.hostname,
      action: NEWSLETTER_RECAPTCHA_ACTION,
    });
    if (!verdict.human) {
      services.log.info({ form: form.id, reason: verdict.reason }, 'newsletter sign-up refused by reCAPTCHA');
      return 'gcaptchaFail';
    }
  }

  const values = readNewsletterValues(form, fields);
  const problems = checkNewsletter(form, values);
  if (problems.length > 0) return statusOfProblems(problems);

  try {
    const result = await subscribe(services, { form, values, lists: listsToJoin(form, values), ...consentOriginOf(services.secrets, request) });
    if (result.mailQueued) services.onMailQueued('mail');
    if (result.brevoQueued === true) services.onMailQueued('brevo');
    services.log.info({ form: form.id, outcome: result.outcome }, 'newsletter sign-up');
    // The same answer for a new and a known address: the form tells no one who is subscribed.
    return 'success';
  } catch (error) {
    // Storage failed: nothing was committed, the visitor may simply try again.
    services.log.error({ err: error, form: form.id }, 'newsletter sign-up could not be stored');
    return 'failure';
  }
}

/** `invalid` is the plugin's answer to a malformed address, SMS number or date; anything else is `failure`. */
function statusOfProblems(problems: readonly NewsletterProblem[]): NewsletterStatus {
  const formatOnly = problems.every((problem) => ['invalidEmail', 'invalidSms', 'invalidDate'].includes(problem.kind));
  return formatOnly ? 'invalid' : 'failure';
}
