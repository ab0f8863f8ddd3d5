import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/*
 * Multipart bodies for app.inject, encoded by the platform's own FormData serialiser (what a
 * browser's fetch sends), plus the shape of a feedback answer for assertions.
 */

export type Fields = Record<string, string | string[] | File>;

export async function multipartBody(fields: Fields): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, item);
    else form.append(name, value);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

export interface FeedbackAnswerBody {
  contact_form_id: number;
  status: string;
  message: string;
  invalid_fields: Array<{ field: string; message: string; idref: string | null; error_id: string }>;
  posted_data_hash: string;
  into: string;
  captcha?: Record<string, string>;
  quiz?: Record<string, [string, string]>;
  redirect?: Array<{ type: string; redirect_url: string; delay: number }>;
}

export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export async function postFeedback(
  app: FastifyInstance,
  formId: number | string,
  fields: Fields,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartBody(fields);
  return app.inject({
    method: 'POST',
    url: `/wp-json/contact-form-7/v1/contact-forms/${formId}/feedback`,
    payload,
    headers: { 'content-type': contentType, 'user-agent': DEFAULT_USER_AGENT, ...headers },
  });
}

export function answerOf(response: LightMyRequestResponse): FeedbackAnswerBody {
  return response.json<FeedbackAnswerBody>();
}
