import { createHash } from 'node:crypto';
import { formSchema, type SwvSchema } from '../../src/validation/index.ts';
import type { FormDefinition } from '../../content/forms/index.ts';

/**
 * Each form's SWV schema, derived once: forms only change with a deploy, and the same object
 * lets the validation engine reuse its parsed copy on every POST. Also the published JSON and
 * its ETag for GET …/feedback/schema.
 */
export interface PublishedSchema {
  schema: SwvSchema;
  json: string;
  etag: string;
}

const cache = new WeakMap<FormDefinition, PublishedSchema>();

export function publishedSchema(form: FormDefinition): PublishedSchema {
  let entry = cache.get(form);
  if (entry === undefined) {
    const schema = formSchema(form);
    const json = JSON.stringify(schema);
    entry = { schema, json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
    cache.set(form, entry);
  }
  return entry;
}

