// Contact Form 7 compatible form definitions (content/forms/*.form.ts). One definition feeds
// the view (fields, labels, options), the SWV schema the server publishes and both sides
// validate with (src/validation/form-schema.ts derives it), and the server's own checks
// (options, quiz answers, acceptance, files, mail). Field names follow CF7 conventions.
import {
  array,
  boolean,
  dynamic,
  enums,
  integer,
  literal,
  min,
  nonempty,
  number,
  object,
  optional,
  pattern,
  partial,
  refine,
  string,
  type Infer,
  type Struct,
} from 'superstruct';
import { isCalendarDate } from './calendar-date.ts';
import { Text } from './common.struct.ts';
import { AllowedHost, FormAction } from './form-actions.struct.ts';

/** CF7 field names: letters, digits, hyphen, underscore; never starting with `_` (reserved). */
const FieldName = pattern(string(), /^[a-z][a-z0-9_-]*$/i);

/**
 * Message keys, as Contact Form 7 names them. A form sets the defaults; a field may override
 * any of them with a sentence specific to that field (GOV.UK style: "Enter your name").
 */
const messageKeys = [
  'mail_sent_ok',
  'mail_sent_ng',
  'validation_error',
  'spam',
  'accept_terms',
  'invalid_required',
  'invalid_too_long',
  'invalid_too_short',
  'upload_failed',
  'upload_file_type_invalid',
  'upload_file_too_large',
  'upload_file_too_small',
  // Not one of CF7's: a file past the address's daily upload budget or the disk's free-space floor.
  'upload_over_budget',
  'quiz_answer_not_correct',
  'captcha_not_match',
  'invalid_email',
  'invalid_url',
  'invalid_tel',
  'invalid_number',
  'number_too_small',
  'number_too_large',
  'invalid_date',
  'date_too_early',
  'date_too_late',
  'invalid_time',
  'invalid_option',
  'too_few_items',
  'too_many_items',
] as const;
export const MessageKey = enums(messageKeys);
export type MessageKey = Infer<typeof MessageKey>;
const messageShape = Object.fromEntries(messageKeys.map((key) => [key, Text])) as Record<MessageKey, typeof Text>;
/** A form has every message; a field overrides only the ones it needs. */
const Messages = object(messageShape);
const FieldMessages = optional(partial(object(messageShape)));

const Option = object({ value: Text, label: Text });

const base = {
  name: FieldName,
  label: Text,
  /** Short hint shown under the label (GOV.UK hint text). */
  hint: optional(Text),
  required: optional(boolean()),
  /** HTML autocomplete token (name, email, tel, organization…). */
  autocomplete: optional(string()),
  messages: FieldMessages,
};

const TextLike = object({
  ...base,
  type: enums(['text', 'email', 'tel', 'url', 'textarea']),
  minLength: optional(min(integer(), 0)),
  maxLength: optional(min(integer(), 1)),
  /** Show a live character counter (textarea in the page form). */
  counter: optional(boolean()),
  placeholder: optional(string()),
});

const NumberField = object({
  ...base,
  type: literal('number'),
  min: optional(number()),
  max: optional(number()),
  step: optional(number()),
});

/** A date limit: YYYY-MM-DD naming a real day (the date rules compare against it). */
const IsoDate = refine(string(), 'IsoDate', (value) =>
  isCalendarDate(value) ? true : `Expected a calendar date (YYYY-MM-DD), but received: "${value}"`,
);
const DateField = object({
  ...base,
  type: literal('date'),
  min: optional(IsoDate),
  max: optional(IsoDate),
});

const TimeField = object({
  ...base,
  type: literal('time'),
});

const SelectField = object({
  ...base,
  type: literal('select'),
  options: nonempty(array(Option)),
  multiple: optional(boolean()),
  /** Text of an empty first option ("Choose a service"); required selects should have one. */
  includeBlank: optional(Text),
});

const ChoiceField = object({
  ...base,
  type: enums(['checkbox', 'radio']),
  options: nonempty(array(Option)),
  /** checkbox only: ticking one unticks the others (CF7 `exclusive`). */
  exclusive: optional(boolean()),
  /** The last option carries a free-text input, enabled only while that option is chosen. */
  freeText: optional(boolean()),
  minItems: optional(min(integer(), 0)),
  maxItems: optional(min(integer(), 1)),
});

const AcceptanceField = object({
  ...base,
  type: literal('acceptance'),
  /** The consent wording, stored with the submission (POPIA). */
  text: Text,
  /** Optional acceptance: the form may be sent without it. */
  optional: optional(boolean()),
  /** Inverted: the box must stay unticked ("Do not contact me…"). */
  invert: optional(boolean()),
});

const QuizField = object({
  ...base,
  type: literal('quiz'),
  /** Question and its accepted answers (compared case-insensitively, trimmed). */
  questions: nonempty(array(object({ question: Text, answers: nonempty(array(Text)) }))),
});

const CaptchaField = object({
  ...base,
  type: literal('captcha'),
  /** Characters in the generated image. */
  length: optional(min(integer(), 4)),
});

const FileField = object({
  ...base,
  type: literal('file'),
  /** Extensions (".pdf") or media types ("image/png", "image/*"). */
  accept: nonempty(array(pattern(string(), /^(\.[a-z0-9]+|[a-z]+\/[a-z0-9.+*-]+)$/i))),
  /** Total size limit in bytes. */
  maxSize: min(integer(), 1),
  minSize: optional(min(integer(), 0)),
});

const fieldStructs = [
  TextLike,
  NumberField,
  DateField,
  TimeField,
  SelectField,
  ChoiceField,
  AcceptanceField,
  QuizField,
  CaptchaField,
  FileField,
] as const;
export type FormField = Infer<(typeof fieldStructs)[number]>;

/** The struct of each field type, so a field is checked against its own type only. */
const structByType = new Map<string, Struct<FormField>>(
  fieldStructs.flatMap((struct) => {
    const type = (struct.schema as { type: Struct<string> }).type;
    const names = type.type === 'literal' ? [type.schema as unknown as string] : Object.keys(type.schema as object);
    return names.map((name): [string, Struct<FormField>] => [name, struct as Struct<FormField>]);
  }),
);
const FieldType = object({ type: enums([...structByType.keys()]) });

/**
 * A field, checked by its `type` (a discriminated union): a mistake in a date field reads
 * "fields[3].min: Expected a calendar date…", not ten failures of the other field types.
 */
export const FormField = dynamic<FormField>((value) => {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  return (typeof type === 'string' && structByType.get(type)) || (FieldType as unknown as Struct<FormField>);
});

export const FormDefinition = object({
  /** The CF7 post id, as in /wp-json/contact-form-7/v1/contact-forms/{id}/… */
  id: min(integer(), 1),
  slug: pattern(string(), /^[a-z0-9-]+$/),
  title: Text,
  /** WordPress locale, sent as _wpcf7_locale. */
  locale: pattern(string(), /^[a-z]{2}_[A-Z]{2}$/),
  fields: nonempty(array(FormField)),
  submitLabel: Text,
  messages: Messages,
  /** What the page says around the submit button; content/forms/default-messages.ts when absent. */
  notices: optional(
    object({
      /** Read to screen readers while the message is on its way. */
      sending: Text,
      /** Beside the disabled button while a required consent box is not ticked. */
      consentMissing: Text,
    }),
  ),
  /** Spam protection: reCAPTCHA v3 (score-based) when a site key is configured. */
  recaptcha: boolean(),
  /**
   * What happens after mail_sent, in order ("Redirection for Contact Form 7"): redirects,
   * popups, tracking handlers, PayPal, requests to outside APIs (content/structs/form-actions.struct.ts).
   */
  actions: optional(array(FormAction)),
  /** Outside hosts the actions may send a visitor or a request to; nothing else is reached. */
  allowedHosts: optional(array(AllowedHost)),
  mail: object({
    /** Subject with [field-name] tags, like CF7 mail templates. */
    subject: Text,
    /** The field whose value becomes Reply-To. */
    replyTo: FieldName,
  }),
});
export type FormDefinition = Infer<typeof FormDefinition>;
