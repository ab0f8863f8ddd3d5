import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { homeNewsletterForm } from '../../support/site-content.ts';
import type { NewsletterForm } from '../../../content/structs/newsletter-form.struct.ts';
import { DEFAULT_USER_AGENT, multipartBody } from './multipart.ts';
import { fetchNonce, visitorCookie } from './visitor-cookie.ts';

/*
 * Newsletter sign-ups as the browser sends them: jQuery-serialize style urlencoded bodies
 * (or multipart), with a nonce fetched from the nonce endpoint first, as the page does.
 */

export type NewsletterFields = Record<string, string | string[]>;

export { fetchNonce };

/** Every field of the home form filled in validly (form 1), as its view posts them: lists 2 and 4 ticked of 2, 3 and 4. */
export function homeFields(nonce: string, overrides: NewsletterFields = {}): NewsletterFields {
  return {
    email: 'Thandi.Nkosi@Example.co.za',
    FIRSTNAME: 'Thandi',
    PROJECT_DATE: '05-03-2027',
    SMS: '+27 82 555 0123',
    sib_SMS_prefix: '+27',
    'listIDs[]': ['2', '4'],
    consent: 'yes',
    sib_form_action: 'subscribe_form_submit',
    sib_form_id: '1',
    sib_form_alert_notice: homeNewsletterForm.messages.required,
    sib_form_invalid_email_notice: homeNewsletterForm.messages.invalidEmail,
    'interestingLists[]': ['2', '3', '4'],
    security: nonce,
    ...overrides,
  };
}

export function urlencoded(fields: NewsletterFields): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) params.append(name, item);
    else params.append(name, value);
  }
  return params.toString();
}

export async function postSubscribe(
  app: FastifyInstance,
  fields: NewsletterFields,
  options: { multipart?: boolean; headers?: Record<string, string>; path?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers = { 'user-agent': DEFAULT_USER_AGENT, ...visitorCookie(app), ...options.headers };
  const url = options.path ?? '/newsletter/subscribe/';
  if (options.multipart === true) {
    const { payload, contentType } = await multipartBody(fields);
    return app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...headers } });
  }
  return app.inject({
    method: 'POST',
    url,
    payload: urlencoded(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...headers },
  });
}

export interface SubscribeAnswerBody {
  status: string;
  /** The notice keyed by what it is (successMsg, errorMsg, existMsg, invalidMsg), or a string for the captcha statuses. */
  msg: string | Record<string, string>;
  redirect: string;
  turnstileCaptcha: boolean;
  code?: string;
}

export function subscribeAnswer(response: LightMyRequestResponse): SubscribeAnswerBody {
  return response.json<SubscribeAnswerBody>();
}

/** Form 3: no double opt-in, no choice block, no reCAPTCHA, a redirect after success. */
export const plainNewsletterForm: NewsletterForm = {
  ...homeNewsletterForm,
  id: 3,
  slug: 'plain-newsletter',
  attributes: [],
  dates: [],
  sms: undefined,
  choice: undefined,
  lists: [{ id: 7, label: 'Everything' }],
  recaptcha: false,
  doubleOptIn: undefined,
  redirect: '/thank-you/',
};

export const testNewsletterForms: readonly NewsletterForm[] = [homeNewsletterForm, plainNewsletterForm];
