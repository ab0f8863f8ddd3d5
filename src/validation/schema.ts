// The SWV schema as JSON, checked with superstruct. A schema comes from outside the code (a
// server's GET …/feedback/schema, a WordPress export), so it is parsed, never trusted: a
// malformed one fails with a message that names the exact path ("rules[3].threshold: …").
import {
  StructError,
  array,
  coerce,
  create,
  defaulted,
  lazy,
  number,
  optional,
  string,
  type,
  union,
  type Describe,
} from 'superstruct';

export type SwvRule = {
  rule: string;
  field: string;
  error: string;
  threshold?: number | string;
  accept?: Array<string | number>;
  base?: number;
  interval?: number;
  rules?: SwvRule[];
};
export type SwvSchema = { version: string; locale: string; rules: SwvRule[] };

/** A malformed schema; the message names the path of the first problem. */
export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}

// WordPress writes tag options as strings ("base": "0"), so numeric strings are accepted and
// made numbers; anything else still fails as "expected a number".
const Numeric = coerce(number(), string(), (text) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text));

// `type` (not `object`): unknown extra properties are allowed, as CF7 may add new ones.
const Rule: Describe<SwvRule> = type({
  rule: string(),
  field: string(),
  error: string(),
  threshold: optional(union([number(), string()])),
  accept: optional(array(union([string(), number()]))),
  base: optional(Numeric),
  interval: optional(Numeric),
  rules: optional(array(lazy(() => Rule))),
}) as unknown as Describe<SwvRule>;

const Schema = type({
  version: defaulted(string(), ''),
  locale: defaulted(string(), ''),
  rules: array(Rule),
});

const expectations: Record<string, string> = {
  string: 'expected a string',
  number: 'expected a number',
  array: 'expected an array',
  type: 'expected an object',
  object: 'expected an object',
  union: 'expected a number or a string',
};

/** ["rules", 3, "threshold"] → "rules[3].threshold" */
function formatPath(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? key : `${text}.${key}`), '');
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' ? 'an object' : String(value);
}

/** Checks and normalises an SWV schema; throws SchemaError naming the first bad path. */
export function parseSchema(value: unknown): SwvSchema {
  try {
    const { version, locale, rules } = create(value, Schema) as SwvSchema;
    return { version, locale, rules };
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    const failure = error.failures()[0] ?? error;
    const where = formatPath(failure.path) || 'schema';
    const expected = expectations[failure.type] ?? failure.message;
    throw new SchemaError(`${where}: ${expected}, but received ${describeValue(failure.value)}`);
  }
}
