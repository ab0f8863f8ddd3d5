import { array, nonempty, object, type Infer } from 'superstruct';
import { Email, Text } from './common.struct.ts';

/** A part of a page: a heading and its paragraphs (or list items). */
const Part = object({
  heading: Text,
  paragraphs: array(Text),
  items: array(Text),
});

const RetentionLabels = object({
  submissions: Text,
  uploads: Text,
  spam: Text,
  deliveredMailBodies: Text,
  unconfirmedSignUps: Text,
  clicks: Text,
});

export const PrivacyStruct = object({
  /** The responsible party's Information Officer (POPIA): the person requests and complaints go to. */
  informationOfficer: object({
    name: Text,
    role: Text,
    address: Text,
    email: Email,
  }),
  notice: object({
    heading: Text,
    intro: nonempty(array(Text)),
    parts: nonempty(array(Part)),
    retentionHeading: Text,
    retentionIntro: Text,
    /** One label per kind of src/validation/privacy/retention-periods.ts; the days come from the build. */
    retentionLabels: RetentionLabels,
    /** Records the periods above do not cover. */
    retentionOther: array(Text),
    after: nonempty(array(Part)),
  }),
  accessibility: object({
    heading: Text,
    intro: nonempty(array(Text)),
    parts: nonempty(array(Part)),
  }),
});

export type Privacy = Infer<typeof PrivacyStruct>;
export type PrivacyPart = Infer<typeof Part>;
