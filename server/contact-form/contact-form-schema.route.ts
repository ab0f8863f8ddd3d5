import type { FastifyInstance } from 'fastify';
import { publishedSchema } from './form-schemas.ts';
import { preferredEncoding } from '../http/accept-encoding.ts';
import { contactFormRoute, requireForm } from './request-context.ts';
import { formIdParams, restErrors } from '../http/route-schemas.ts';

/** The SWV schema as CF7 publishes it (sent as bytes serialised once; this documents the shape). */
const swvSchema = {
  type: 'object',
  required: ['version', 'locale', 'rules'],
  properties: {
    version: { type: 'string' },
    locale: { type: 'string' },
    rules: { type: 'array', items: { type: 'object', required: ['rule', 'field', 'error'], additionalProperties: true } },
  },
} as const;

/**
 * `GET …/contact-forms/{id}/feedback/schema`: the form's SWV schema, the rules the browser
 * validates a changed field with. It only changes with a deploy: cacheable for a few
 * minutes, revalidated by ETag after that. Serialised once per form.
 */
export default async function contactFormSchemaRoutes(app: FastifyInstance): Promise<void> {
  // Precompressed once per encoding: no compression hooks per request.
  app.get<{ Params: { id: string } }>(
    contactFormRoute('schema'),
    { compress: false, schema: { params: formIdParams, response: { 200: swvSchema, ...restErrors(404) } } },
    async (request, reply) => {
    const form = requireForm(app, request.params.id);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const { body, etag } = publishedSchema(form).bodies[encoding];
    reply.header('cache-control', 'public, max-age=300').header('etag', etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').header('content-length', body.length).send(body);
    },
  );
}
