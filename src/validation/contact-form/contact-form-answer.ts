// Contact Form 7's REST answers (includes/rest-api.php), defined once as JSON schemas: the server
// declares them on its routes (Fastify validates and serialises with them) and the browser's
// types are derived from them (`SchemaType`), so the two sides cannot drift apart.

/** The refill: fresh captcha image URLs and quiz [question, answer hash] pairs by field. */
export const refillSchema = {
  type: 'object',
  // In the order the answers have always had them.
  properties: {
    quiz: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
    },
    captcha: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/** One field the server refused: `error_id` names its message, `idref` the field's id attribute. */
const invalidFieldSchema = {
  type: 'object',
  required: ['field', 'message', 'idref', 'error_id'],
  properties: {
    field: { type: 'string' },
    message: { type: 'string' },
    idref: { type: ['string', 'null'] },
    error_id: { type: 'string' },
  },
} as const;

/** The feedback answer; the redirect add-on's keys pass through as they are. */
export const feedbackAnswerSchema = {
  type: 'object',
  required: ['contact_form_id', 'status', 'message', 'invalid_fields', 'posted_data_hash', 'into'],
  properties: {
    contact_form_id: { type: 'integer' },
    status: { type: 'string' },
    message: { type: 'string' },
    invalid_fields: { type: 'array', items: invalidFieldSchema },
    posted_data_hash: { type: 'string' },
    into: { type: 'string' },
    ...refillSchema.properties,
  },
  additionalProperties: true,
} as const;

/**
 * The TypeScript type of a value a schema accepts, for the few keywords these schemas use:
 * `type` (one or a list), `properties` with `required`, `additionalProperties`, `items`, and a
 * pair (`minItems` = `maxItems` = 2) as a tuple.
 */
export type SchemaType<S> = S extends { type: readonly (infer T)[] }
  ? PrimitiveType<T>
  : S extends { type: 'object' }
    ? ObjectType<S>
    : S extends { type: 'array'; items: infer I }
      ? S extends { minItems: 2; maxItems: 2 }
        ? [SchemaType<I>, SchemaType<I>]
        : SchemaType<I>[]
      : S extends { type: infer T }
        ? PrimitiveType<T>
        : unknown;

type PrimitiveType<T> = T extends 'string' ? string : T extends 'integer' | 'number' ? number : T extends 'boolean' ? boolean : T extends 'null' ? null : never;

type Required<S> = S extends { required: readonly (infer K)[] } ? K : never;

type ObjectType<S> = (S extends { properties: infer P }
  ? { -readonly [K in keyof P as K extends Required<S> ? K : never]: SchemaType<P[K]> } & {
      -readonly [K in keyof P as K extends Required<S> ? never : K]?: SchemaType<P[K]>;
    }
  : unknown) &
  (S extends { additionalProperties: true }
    ? { [key: string]: unknown }
    : S extends { additionalProperties: infer A extends object }
      ? { [key: string]: SchemaType<A> }
      : unknown);

export type RefillAnswer = SchemaType<typeof refillSchema>;
export type InvalidField = SchemaType<typeof invalidFieldSchema>;
/** The feedback answer as this site's server sends it. */
export type FeedbackAnswer = SchemaType<typeof feedbackAnswerSchema>;
