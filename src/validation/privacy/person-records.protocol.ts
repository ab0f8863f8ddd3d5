// Access and erasure (README, "Privacy"): what the console's privacy page and the server say
// about everything held about one person, written once for the browser
// (services/privacy/) and the server (server/privacy/). Browser-safe. Routes are below
// CONSOLE_API (validation/console/console-api.ts); every one is the owner's.
import { array, boolean, literal, nullable, number, object, string, type Infer } from 'superstruct';
import { isEmail } from '../rules/email.ts';
import { cleanSms, isSmsFormat } from '../shared/sms.ts';

/** Routes below CONSOLE_API. */
export const PERSON_RECORDS_ROUTE = {
  /** GET ?subject=<e-mail or SMS number>: a summary of everything held about them. */
  records: '/privacy/records',
  /** GET ?subject=…: one zip archive (records.json and the files) for an access request. */
  export: '/privacy/records/export.zip',
  /** POST EraseBody: erases all of it. */
  erase: '/privacy/records/erase',
} as const;

/** The longest subject taken (an e-mail address's limit). */
export const SUBJECT_MAX_LENGTH = 254;

export const PERSON_RECORDS_ERROR = {
  /** 400: the subject is neither an e-mail address nor an SMS number (+ and 5 to 18 digits). */
  invalidSubject: 'privacy_invalid_subject',
  /** 409: erase for someone of whom nothing (erasable) is held. */
  nothingHeld: 'privacy_nothing_held',
  /** 400: the erase's confirmation is not the subject typed again. */
  notConfirmed: 'privacy_not_confirmed',
} as const;

/** Whom a request is about: an e-mail address (lower case) or an SMS number (`+` and digits). */
export type Subject = { kind: 'email'; value: string } | { kind: 'sms'; value: string };

/** The subject of what someone typed, or null when it is neither an address nor a number. */
export function parseSubject(text: string): Subject | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > SUBJECT_MAX_LENGTH) return null;
  if (trimmed.includes('@')) return isEmail(trimmed) ? { kind: 'email', value: trimmed.toLowerCase() } : null;
  return isSmsFormat(trimmed) ? { kind: 'sms', value: cleanSms(trimmed) } : null;
}

export const SubjectMessage = 'Enter an e-mail address, or an SMS number starting with + and the country code.';

export const EraseBodyStruct = object({
  subject: string(),
  /** The subject typed again: an erasure cannot be undone. */
  confirm: string(),
});
export type EraseBody = Infer<typeof EraseBodyStruct>;

export const HeldMessageStruct = object({
  id: number(),
  form: string(),
  /** The form's title as the site has it ("Form 5" when the site no longer has that form). */
  formTitle: string(),
  receivedAt: string(),
  spam: boolean(),
  files: number(),
});

export const HeldSubscriberStruct = object({
  id: number(),
  email: string(),
  status: string(),
  consents: number(),
  /** When Brevo last accepted a change of them; null: never (or Brevo is not used). */
  brevoSyncedAt: nullable(string()),
  changeWaiting: boolean(),
});

export const MentionStruct = object({ id: number(), form: string(), formTitle: string(), receivedAt: string() });

export const PersonRecordsStruct = object({
  subject: string(),
  /** Messages they sent (their address or number is one of the message's own fields). */
  messages: array(HeldMessageStruct),
  /** Others' messages that only mention them: for the owner to review, never exported or erased with theirs. */
  mentionedIn: array(MentionStruct),
  /** Every subscriber with the address or number (several may have typed the same number). */
  subscribers: array(HeldSubscriberStruct),
  /** Mail and requests in the outbox about them that no message holds (confirmation mail, Brevo changes). */
  outbox: number(),
  /** A console account with this address: shown, not erased here (People removes it). */
  consoleAccount: boolean(),
  /** True when anything here would be erased. */
  erasable: boolean(),
});
export type PersonRecords = Infer<typeof PersonRecordsStruct>;

export const ErasedStruct = object({ erased: literal(true) });
