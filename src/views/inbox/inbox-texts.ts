// The words the inbox's pages share: a message's state, its mail's delivery, what its actions
// did. One place, so the list and the message say the same thing.
import type { MessageCommand } from '../../services/inbox/inbox-api.client.ts';
import type { DeliveryState, InboxState, Message, MessageFieldPart } from '../../validation/inbox/inbox.protocol.ts';

export const STATE_LABEL: Record<InboxState, string> = { inbox: 'Inbox (no spam)', new: 'New', unanswered: 'Not answered', read: 'Read', spam: 'Spam', all: 'Everything, spam included' };

export const DELIVERY_LABEL: Record<DeliveryState, string> = {
  none: 'Not mailed',
  queued: 'Mail waiting',
  sent: 'Mailed',
  failed: 'Mail held',
};

/** What an action did, announced after it. */
export const DONE_TEXT: Record<MessageCommand | 'delete' | 'note', string> = {
  note: 'Note added.',
  read: 'Marked as read.',
  unread: 'Marked as unread.',
  spam: 'Marked as spam. Its mail will not be sent.',
  release: 'Marked as not spam: its mail is on its way to the company’s inbox.',
  answered: 'Marked as answered.',
  unanswered: 'Marked as not answered.',
  delete: 'The message was deleted.',
};

/** What an action could not do, before the server's reason. */
export const FAILED_TEXT: Record<MessageCommand | 'retry' | 'delete' | 'note', string> = {
  note: 'The note could not be added.',
  read: 'The message could not be marked as read.',
  unread: 'The message could not be marked as unread.',
  spam: 'The message could not be marked as spam.',
  release: 'The message could not be released.',
  answered: 'The message could not be marked as answered.',
  unanswered: 'The message could not be marked as not answered.',
  retry: 'Its mail could not be tried again.',
  delete: 'The message could not be deleted.',
};

export const attachmentCount = (count: number) => (count === 1 ? '1 attachment' : `${count} attachments`);

export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A field's value by what its name says (`your-subject`, `ncf_subject_field`): the forms name theirs differently. */
const fieldValue = (message: Message, pattern: RegExp) => message.fields.find((field) => pattern.test(field.name) && field.value.trim() !== '')?.value.trim();

/** The message page's heading: its subject, or "Message from <name>". */
export function messageHeading(message: Message): string {
  const subject = fieldValue(message, /subject/i);
  if (subject) return subject;
  const name = fieldValue(message, /(^|[-_])name([-_]|$)/i) ?? fieldValue(message, /e-?mail/i);
  return name ? `Message from ${name}` : `Message ${message.id}`;
}

/** A JSON string's text (the filter wrote the word with JSON.stringify), or the quoted text as it is. */
function jsonText(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

/**
 * Why a message is kept as spam, in an owner's words, from the reason the server stored (its
 * filter's own text, as CF7 wrote it: server/submissions/spam-filters.ts and
 * server/contact-form/spam-check.ts). The filter's name stays in brackets for the developer; a
 * reason this table does not know is shown as stored.
 */
export function spamReasonText(reason: string): string {
  const word = /^disallowed_list: the disallowed word (".*") is used\.$/.exec(reason);
  if (word) return `it contains “${jsonText(word[1]!)}”, a word on the site’s list of disallowed words (DISALLOWED_WORDS)`;
  if (reason.startsWith('honeypot:')) return 'a hidden box that only robots see was filled in (the honeypot)';
  if (reason.startsWith('wpcf7: User-Agent')) return 'it was sent without naming a browser, as only scripts do (the user-agent check)';
  if (reason.startsWith('recaptcha: ')) return `Google’s robot check (reCAPTCHA) judged it sent by a robot (${reason.slice('recaptcha: '.length)})`;
  return reason;
}

/** The value of the field the form makes `part`, trimmed; undefined when it has none or it is blank. */
const partValue = (message: Message, part: MessageFieldPart) => message.fields.find((field) => field.part === part && field.value.trim() !== '')?.value.trim();

/**
 * A `mailto:` link (RFC 6068) that starts the reply to a message in the owner's mail program:
 * to the sender, subject "Re: <the message's subject>" (its heading when the form has no
 * subject), the message quoted below an empty first line, a "> " before each of its lines.
 */
export function replyLink(message: Message, address: string): string {
  const subject = `Re: ${partValue(message, 'subject') ?? messageHeading(message)}`;
  const text = partValue(message, 'message');
  const body = text === undefined ? '' : `\n\n${text.split(/\r?\n/).map((line) => `> ${line}`).join('\n')}`;
  const query = [`subject=${encodeURIComponent(subject)}`, ...(body === '' ? [] : [`body=${encodeURIComponent(body)}`])].join('&');
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}?${query}`;
}

/** A `tel:` link for a number as typed ("+27 82 555 0123" → "tel:+27825550123"); null when it holds too few digits to dial. */
export function telephoneLink(number: string): string | null {
  const dialled = number.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return dialled.replace(/\D/g, '').length >= 6 ? `tel:${dialled}` : null;
}
