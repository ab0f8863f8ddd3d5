// JSON schemas the routes declare: what a request may carry in its path and query, and the
// shape of every JSON answer (Fastify validates the first and serialises the second with
// fast-json-stringify). Bodies posted as forms (multipart, urlencoded) are read and checked by
// the routes themselves, field by field, with the rules the browser uses.
import { restErrorSchema } from './rest-error.ts';

// Contact Form 7's answers are defined with its protocol, shared with the browser's types.
export { feedbackAnswerSchema, refillSchema } from '../../src/validation/contact-form/index.ts';

/** `/…/contact-forms/:id/…`: any text; an id that is no form is CF7's 404, not a 400. */
export const formIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const;

/** `?token=` of the newsletter links; a missing or bad token leads to the "link expired" page. */
export const tokenQuery = {
  type: 'object',
  properties: { token: { type: 'string' } },
} as const;

/** The Brevo plugin's answer to a sign-up, `code` only on a refused request; `msg` an object keyed by the notice, or a string for the captcha statuses. */
export const newsletterAnswerSchema = {
  type: 'object',
  required: ['status', 'msg', 'redirect', 'turnstileCaptcha'],
  properties: {
    status: { type: 'string' },
    msg: {
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          properties: { successMsg: { type: 'string' }, errorMsg: { type: 'string' }, existMsg: { type: 'string' }, invalidMsg: { type: 'string' } },
          additionalProperties: false,
        },
      ],
    },
    redirect: { type: 'string' },
    turnstileCaptcha: { type: 'boolean' },
    code: { type: 'string' },
  },
} as const;

/** admin-ajax.php's error: `{code, message}`. */
export const ajaxErrorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
} as const;

/** The REST errors a route may answer, by status. */
export function restErrors(...statuses: number[]): Record<number, typeof restErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, restErrorSchema]));
}
