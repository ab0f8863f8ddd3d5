// The audit log in an owner's words (issue 41, part 4; README.md, "The console"): what each
// action was done on ("content projectPages" → "Projects: pages") and its details ("reason:
// console_passkey_rejected" → "the passkey's answer did not verify"), with the technical name
// kept in brackets where a developer reading along needs it. An entry this table does not know
// (written by a newer server) is still shown, as the server wrote it.
import { DOCUMENT_TITLES, isDocumentName } from '../../../content/document-names.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { CONSOLE_ACCESS_ERROR } from '../../validation/console-access/console-access.protocol.ts';
import { CONSOLE_REFUSAL } from '../../validation/console/console-api.ts';

/** What an entry was done on, in words. */
export function auditSubjectText(subject: string): string {
  const [kind, ...rest] = subject.split(' ');
  const what = rest.join(' ');
  if (kind === 'content' && what === 'settings') return 'Who may edit the site';
  if (kind === 'content' && isDocumentName(what)) return `Site content: ${DOCUMENT_TITLES[what]}`;
  if (kind === 'message' && /^\d+$/.test(what)) return `Message ${what}`;
  if (kind === 'subscriber' && /^\d+$/.test(what)) return `Subscriber ${what}`;
  if (kind === 'picture' && what !== '') return `Picture ${what}`;
  switch (subject) {
    case 'backup':
      return 'Backups';
    case 'clicks':
      return 'Click report';
    case 'messages':
      return 'Messages';
    case 'subscribers':
      return 'Subscribers';
    case 'a person':
      return 'A person (their details are not kept here)';
    default:
      return subject;
  }
}

/** Why a sign-in failed, by the reason the server recorded (a refusal's code or its own words). */
const SIGN_IN_FAILURES: Readonly<Record<string, string>> = {
  [CONSOLE_ACCESS_ERROR.passkeyRejected]: 'the passkey’s answer did not check out',
  [CONSOLE_ACCESS_ERROR.ceremonyExpired]: 'the sign-in took too long or was already used',
  [CONSOLE_ACCESS_ERROR.passkeyUnknown]: 'a passkey this site does not know',
  [CONSOLE_REFUSAL.rateLimited]: 'too many tries',
  'unknown passkey': 'a passkey this site does not know',
  'another person’s passkey': 'someone else’s passkey',
  revoked: 'the person’s access was revoked',
  'rate limited': 'too many failed sign-ins for the account',
};

const yesNo = (value: unknown) => (value === true ? 'yes' : 'no');
const bytes = (value: unknown) => {
  const size = Number(value);
  if (!Number.isFinite(size)) return String(value);
  if (size >= 1024 * 1024) return `${(size / 1024 / 1024).toFixed(1)} MB`;
  return size >= 1024 ? `${Math.round(size / 1024)} KB` : `${size} bytes`;
};
const plain = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
/** A filter as "status: spam, q: acme", empty parts left out. */
const filterText = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return plain(value);
  const parts = Object.entries(value as Record<string, unknown>).filter(([, part]) => part !== undefined && part !== null && part !== '');
  return parts.length === 0 ? 'everything' : parts.map(([key, part]) => `${key} ${plain(part)}`).join(', ');
};

/** What a bulk action did to the messages it was on. */
const BULK_ACTION_WORDS: Readonly<Record<string, string>> = {
  read: 'marked as read',
  unread: 'marked as unread',
  answered: 'marked as answered',
  unanswered: 'marked as not answered',
  spam: 'marked as spam',
  'not-spam': 'released from spam (their mail goes out)',
  delete: 'deleted',
  unsubscribe: 'unsubscribed at their request',
};

/** One detail in words, or null to leave it out (a flag that is off says nothing). */
const DETAIL_WORDS: Readonly<Record<string, (value: unknown) => string | null>> = {
  reason: (value) => {
    const code = plain(value);
    const words = SIGN_IN_FAILURES[code];
    return words === undefined ? `why: ${code}` : `why: ${words}${code.includes('_') ? ` (${code})` : ''}`;
  },
  again: (value) => (value === true ? 'signing in again to confirm a change' : null),
  answered: (value) => (value === true ? 'marked as answered' : 'marked as not answered'),
  staffMayEdit: (value) => (value === true ? 'staff may now edit the site’s content' : 'only owners may now edit the site’s content'),
  document: (value) => (typeof value === 'string' && isDocumentName(value) ? `document: ${DOCUMENT_TITLES[value]}` : `document: ${plain(value)}`),
  revision: (value) => `change number ${plain(value)} (kept to restore)`,
  form: (value) => `from form number ${plain(value)}`,
  role: (value) => `as ${value === 'owner' ? 'an owner' : value === 'staff' ? 'staff' : plain(value)}`,
  mailed: (value) => `invitation mailed: ${yesNo(value)}`,
  recovery: (value) => (value === true ? 'a recovery link for someone who had lost their passkeys' : null),
  enrolment: (value) => (value === true ? 'while accepting an invitation' : null),
  sessionsEnded: (value) => `signed out of ${plain(value)} session${value === 1 ? '' : 's'}`,
  passkey: () => null,
  name: (value) => `name: ${plain(value)}`,
  note: (value) => `note: ${plain(value)}`,
  bytes: (value) => `size: ${bytes(value)}`,
  rows: (value) => `${plain(value)} row${value === 1 ? '' : 's'}`,
  interrupted: (value) => (value === true ? 'the download was interrupted' : null),
  filter: (value) => `filter: ${filterText(value)}`,
  kind: (value) => (value === 'mailing-service' ? 'for Brevo’s import' : value === 'spreadsheet' ? 'for a spreadsheet' : `kind: ${plain(value)}`),
  files: (value) => `${plain(value)} attached file${value === 1 ? '' : 's'}`,
  messages: (value) => `${plain(value)} message${value === 1 ? '' : 's'}`,
  subscribers: (value) => `${plain(value)} subscriber record${value === 1 ? '' : 's'}`,
  type: (value) => `type: ${plain(value)}`,
  width: (value) => `${plain(value)} pixels wide`,
  height: (value) => `${plain(value)} high`,
  from: (value) => `from ${plain(value)}`,
  to: (value) => `to ${plain(value)}`,
  action: (value) => BULK_ACTION_WORDS[plain(value)] ?? `action: ${plain(value)}`,
  selected: (value) => `${plain(value)} chosen`,
  changed: (value) => `${plain(value)} changed`,
  days: (value) => `${plain(value)} day${value === 1 ? '' : 's'}`,
};

/** Details that are times, in the company's time zone. */
const TIME_WORDS: Readonly<Record<string, string>> = { expiresAt: 'link valid until', receivedAt: 'received' };

/** An entry's details in words, joined by "; ", times in the company's time zone. */
export function auditDetailText(detail: Readonly<Record<string, unknown>>, timeZone: string): string {
  return Object.entries(detail)
    .flatMap(([key, value]) => {
      const time = TIME_WORDS[key];
      if (time !== undefined && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return [`${time} ${formatConsoleTime(value, timeZone)}`];
      const words = DETAIL_WORDS[key];
      const text = words === undefined ? `${key}: ${plain(value)}` : words(value);
      return text === null ? [] : [text];
    })
    .join('; ');
}
