import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ContentEncoding } from '../http/accept-encoding.ts';
import { formSchema, type SwvSchema } from '../../src/validation/index.ts';
import type { FormDefinition } from '../../content/forms/index.ts';

/**
 * Each form's SWV schema, derived once: forms only change with a deploy, and the same object
 * lets the validation engine reuse its parsed copy on every POST. Also the published JSON for
 * GET …/feedback/schema, compressed once per encoding (compressing it per request was most of
 * that endpoint's cost), each with its own ETag.
 */
export interface PublishedSchema {
  schema: SwvSchema;
  bodies: Record<ContentEncoding, { body: Buffer; etag: string }>;
}

const cache = new WeakMap<FormDefinition, PublishedSchema>();

export function publishedSchema(form: FormDefinition): PublishedSchema {
  let entry = cache.get(form);
  if (entry === undefined) {
    const schema = formSchema(form);
    const json = Buffer.from(JSON.stringify(schema));
    const tag = createHash('sha256').update(json).digest('base64url').slice(0, 27);
    entry = {
      schema,
      bodies: {
        identity: { body: json, etag: `"${tag}"` },
        br: { body: brotliCompressSync(json), etag: `"${tag}-br"` },
        gzip: { body: gzipSync(json, { level: 9 }), etag: `"${tag}-gz"` },
      },
    };
    cache.set(form, entry);
  }
  return entry;
}

