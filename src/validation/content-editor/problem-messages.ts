// What the content editor and Add project say of a field the struct refuses (README.md, "Editing
// the site"): one sentence per rule, in the field's terms, from the tables below, never the
// validator's own text ("Expected a string matching `/^[a-z0-9-]+$/`…" is the build's, for a
// developer). documentProblems and newProjectProblems say problems with it, so the server's
// refusal of a publish says the same as the form. Browser-safe.
import type { Failure } from 'superstruct';
import { Email, PhoneNumber, SiteHref } from '../../../content/structs/common.struct.ts';

/** The range a size() rule allows, read from the failure. */
export interface Range {
  min: number;
  max: number;
}

/** Each rule's sentence. `range` only for the size rules. */
export const RULE_MESSAGES = {
  /** A field left out (undefined where the struct wants a value). */
  missing: 'Fill this in.',
  /** Text (content/structs/common.struct.ts): blank. */
  blank: 'Write something here: it cannot be left empty.',
  text: 'Write text here.',
  number: 'Use a number, such as 12 or 2.5.',
  integer: 'Use a whole number, such as 2026.',
  yesNo: 'Choose yes or no.',
  choice: 'Choose one from the list.',
  fixed: 'This value cannot be changed: put back what it was.',
  part: 'Fill in this part.',
  list: 'This must be a list of items.',
  unknownField: 'This field does not belong here: remove it.',
  nonempty: 'Add at least one.',
  httpsUrl: 'Use a full web address that starts with https://, such as https://www.example.co.za/.',
  date: 'Use a date written as year-month-day, such as 2026-12-05.',
  dateTime: 'Use a date and South African time written as 2026-12-05T09:00:00+02:00.',
  oldAddress: 'Use an old address of the site, such as /contact-us/, /category/* or /?p=123.',
  newPlace: 'Use a page or section of this site, such as /#contact or /projects/riverside-atrium/.',
  contactUri: 'Use a mailto: address or a web address that starts with https://.',
  oneOfToOrGone: 'Give either the new place or “gone”, not both and not neither.',
  oneOfEqualsContains: 'Give either “equals” or “contains”, one of the two.',
  /** A pattern this table does not name: the field's hint says what it takes. */
  pattern: 'This is not in the form this field takes: see the hint beside it.',
  other: 'This value is not one this field takes.',
  textLength: ({ min, max }: Range) => (min === max ? `Use exactly ${min} characters.` : `Use ${min} to ${max} characters.`),
  listLength: ({ min, max }: Range) => (min === max ? `Give exactly ${min} items.` : `Give ${min} to ${max} items.`),
  numberRange: ({ min, max }: Range) => (min === max ? `Use ${min}.` : `Use a number from ${min} to ${max}.`),
} as const;

/** An address's last part (a project's, a service's): what the build's slugs allow. */
export const SLUG_MESSAGE = 'Use lower-case letters, digits and hyphens, like menlyn-atrium-2026.';

/** The patterns of the content structs, by their source, with what the person is asked for. */
export const PATTERN_MESSAGES: Readonly<Record<string, string>> = {
  '^[a-z0-9-]+$': SLUG_MESSAGE,
  [patternSource(SiteHref)]: 'Use a page or section of the site, such as /#about or /thank-you/.',
  [patternSource(Email)]: 'Use an email address, such as info@example.co.za.',
  [patternSource(PhoneNumber)]: 'Use a South African number in international form, such as +27 11 568 4100.',
  '^\\d{4}$': 'Use the four-digit postal code, such as 2196.',
  '^([01]\\d|2[0-3]):[0-5]\\d$': 'Use a 24-hour time, such as 08:30.',
  '^#[0-9a-f]{6}$': 'Use a colour written as # and six digits or letters a to f, such as #0a7cff.',
  '^[A-Za-z0-9_-]{11}$': 'Use the 11 letters and digits of the YouTube video’s address, after “v=”.',
  '%s': 'Keep %s in it: it stands for the number.',
  '%total': 'Keep %total in it: it stands for the number of projects.',
  '%shown.*%total': 'Keep %shown and %total in it, in that order: they stand for the numbers.',
  '%before.*%after|%after.*%before': 'Keep %before and %after in it: they stand for the shares of each picture.',
};

/** The rules named by their own refine() (content/structs/), by name. */
const REFINEMENT_MESSAGES: Readonly<Record<string, string>> = {
  Text: RULE_MESSAGES.blank,
  HttpsUrl: RULE_MESSAGES.httpsUrl,
  IsoDate: RULE_MESSAGES.date,
  SouthAfricanDateTime: RULE_MESSAGES.dateTime,
  OldAddress: RULE_MESSAGES.oldAddress,
  NewPlace: RULE_MESSAGES.newPlace,
  ContactUri: RULE_MESSAGES.contactUri,
  OldAddressRow: RULE_MESSAGES.oneOfToOrGone,
  ActionCondition: RULE_MESSAGES.oneOfEqualsContains,
  nonempty: RULE_MESSAGES.nonempty,
};

/** By the type the struct wanted (a value of the wrong kind). */
const TYPE_MESSAGES: Readonly<Record<string, string>> = {
  string: RULE_MESSAGES.text,
  number: RULE_MESSAGES.number,
  integer: RULE_MESSAGES.integer,
  boolean: RULE_MESSAGES.yesNo,
  enums: RULE_MESSAGES.choice,
  literal: RULE_MESSAGES.fixed,
  object: RULE_MESSAGES.part,
  type: RULE_MESSAGES.part,
  array: RULE_MESSAGES.list,
  never: RULE_MESSAGES.unknownField,
};

function patternSource(struct: { validate(value: unknown): [unknown, unknown] }): string {
  // A value no pattern takes: its failure names the pattern (the only place superstruct keeps it).
  const [error] = struct.validate('\u0000');
  return sourceIn(error instanceof Error ? error.message : '') ?? '';
}

/** The pattern a failure of pattern() names (`/…/`). */
function sourceIn(message: string): string | undefined {
  return /matching `\/(.*)\/` but received/s.exec(message)?.[1];
}

/** The range a failure of size() names: "between `10` and `70`" or "of `4`". */
function rangeIn(message: string): Range | undefined {
  const between = /between `(-?[\d.]+|Infinity)` and `(-?[\d.]+|Infinity)`/.exec(message);
  if (between) return { min: Number(between[1]), max: Number(between[2]) };
  const exactly = /(?:length|size)? ?of `(-?[\d.]+)`(?: but)/.exec(message);
  return exactly ? { min: Number(exactly[1]), max: Number(exactly[1]) } : undefined;
}

/** The sentence for one failure of a content struct. */
export function problemMessage(failure: Pick<Failure, 'type' | 'refinement' | 'message' | 'value'>): string {
  if (failure.value === undefined && failure.type !== 'never') return RULE_MESSAGES.missing;
  const { refinement } = failure;
  if (refinement === 'pattern') return PATTERN_MESSAGES[sourceIn(failure.message) ?? ''] ?? RULE_MESSAGES.pattern;
  if (refinement === 'size') {
    const range = rangeIn(failure.message);
    if (range === undefined) return RULE_MESSAGES.other;
    if (failure.type === 'array') return RULE_MESSAGES.listLength(range);
    if (failure.type === 'number' || failure.type === 'integer') return RULE_MESSAGES.numberRange(range);
    return RULE_MESSAGES.textLength(range);
  }
  if (refinement !== undefined) return REFINEMENT_MESSAGES[refinement] ?? RULE_MESSAGES.other;
  return TYPE_MESSAGES[failure.type] ?? RULE_MESSAGES.other;
}

/** What a JSON field says when its text does not parse (draft-edit.ts). */
export const NOT_JSON_MESSAGE = 'This is not valid JSON: check its brackets, commas and quotation marks.';
