import type { FastifyInstance } from 'fastify';
import { multipartTextFields } from './multipart-fields.ts';

/*
 * Small HTML-form bodies (jQuery's serialize(), a plain <form method="post">, a mail client's
 * RFC 8058 one-click POST) as name/value pairs. Registered per route plugin, so the parsers
 * and their byte limit apply to that plugin's routes alone. Both encodings a browser sends
 * are accepted: application/x-www-form-urlencoded, and multipart/form-data (files are not
 * fields here and are dropped). Anything else has no
 * parser, and Fastify answers 415 before the route runs.
 */

export type FormFields = Array<[string, string]>;

/** The parsed body of a form route: the fields, or why they could not be read. */
export type FormBody = { fields: FormFields } | { malformed: true };

export const URLENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART = 'multipart/form-data';

export function registerFormBodyParsers(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(URLENCODED, { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, { fields: [...new URLSearchParams(body as string)] } satisfies FormBody);
  });
  app.addContentTypeParser(MULTIPART, { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const fields = multipartTextFields(body as Buffer, String(request.headers['content-type']));
    done(null, (fields === null ? { malformed: true } : { fields }) satisfies FormBody);
  });
}

/** True for the media types registerFormBodyParsers reads (parameters such as charset ignored). */
export function isFormMediaType(header: string | undefined): boolean {
  const type = (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === URLENCODED || type === MULTIPART;
}

/** The fields of a parsed body; null for no body or a broken one. */
export function formFieldsOf(body: unknown): FormFields | null {
  if (body === null || typeof body !== 'object' || !('fields' in body)) return null;
  return (body as { fields: FormFields }).fields;
}

/** The first value posted under `name`, or ''. */
export function fieldValue(fields: FormFields, name: string): string {
  // The last of repeated values, as PHP (and the form readers) read it.
  return fields.findLast(([key]) => key === name)?.[1] ?? '';
}
