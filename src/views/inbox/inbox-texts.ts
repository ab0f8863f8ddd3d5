// The words the inbox's pages share: a message's state, its mail's delivery, what its actions
// did. One place, so the list and the message say the same thing.
import type { MessageCommand } from '../../services/inbox/inbox-api.client.ts';
import type { DeliveryState, InboxState, Message } from '../../validation/inbox/inbox.protocol.ts';

export const STATE_LABEL: Record<InboxState, string> = { new: 'New', read: 'Read', spam: 'Spam', all: 'All messages' };

export const DELIVERY_LABEL: Record<DeliveryState, string> = {
  none: 'Not mailed',
  queued: 'Mail waiting',
  sent: 'Mailed',
  failed: 'Mail failed',
};

/** What an action did, announced after it. */
export const DONE_TEXT: Record<MessageCommand | 'delete', string> = {
  read: 'Marked as read.',
  unread: 'Marked as unread.',
  spam: 'Marked as spam. Its mail will not be sent.',
  release: 'Marked as not spam: its mail is on its way to the company’s inbox.',
  retry: 'Its mail will be tried again now.',
  delete: 'The message was deleted.',
};

/** What an action could not do, before the server's reason. */
export const FAILED_TEXT: Record<MessageCommand | 'delete', string> = {
  read: 'The message could not be marked as read.',
  unread: 'The message could not be marked as unread.',
  spam: 'The message could not be marked as spam.',
  release: 'The message could not be released.',
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
