import { access } from 'node:fs/promises';
import type { SendMailOptions } from 'nodemailer';
import type { OutboxAttachment, OutboxMessage } from '../db/types.ts';
import { uploadPath } from '../submissions/upload-store.ts';

/*
 * An outbox row as a nodemailer message. Addresses are passed as address objects, never as
 * header text, and the subject was made single-line when the row was written, so nothing a
 * visitor typed can become a header. The Message-ID is derived from the row, so if a message
 * is ever sent twice (a worker died after the SMTP server accepted it), mail clients show one.
 */

export interface MessageSettings {
  from: string;
  /** MAIL_TO, for rows stored before it was configured. */
  defaultTo: string | null;
  uploadDir: string;
  /** Host part of the Message-ID. */
  messageIdHost: string;
}

export function toMailMessage(row: OutboxMessage, settings: MessageSettings): SendMailOptions {
  const to = row.to_address !== '' ? row.to_address : settings.defaultTo;
  if (to === null || to === '') throw new Error('no recipient: set MAIL_TO');
  const attachments = JSON.parse(row.attachments) as OutboxAttachment[];
  return {
    from: { name: row.from_name ?? 'Website contact form', address: settings.from },
    to: to.split(',').map((address) => ({ name: '', address: address.trim() })),
    ...(row.reply_to === null ? {} : { replyTo: { name: '', address: row.reply_to } }),
    subject: row.subject,
    text: row.body,
    messageId: `<outbox-${row.id}-${Date.parse(row.created_at)}@${settings.messageIdHost}>`,
    date: new Date(row.created_at),
    // Extra fields the row was written with (a newsletter's List-Unsubscribe), as values only.
    headers: JSON.parse(row.headers) as Record<string, string>,
    attachments: attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      path: uploadPath(settings.uploadDir, file.storedName),
    })),
  };
}

interface PathAttachment {
  filename?: string | false;
  path?: unknown;
}

/**
 * The message without attachments whose stored file is gone (deleted by hand, a lost disk):
 * one missing file must not make a message undeliverable. The body says what is missing.
 */
export async function withAvailableAttachments(
  message: SendMailOptions,
  log: { warn(details: object, text: string): void },
  outboxId: number,
): Promise<SendMailOptions> {
  const attachments = (message.attachments ?? []) as PathAttachment[];
  const present: PathAttachment[] = [];
  const missing: string[] = [];
  for (const attachment of attachments) {
    const exists = typeof attachment.path === 'string' && (await access(attachment.path).then(() => true, () => false));
    if (exists) present.push(attachment);
    else missing.push(typeof attachment.filename === 'string' ? attachment.filename : 'an attachment');
  }
  if (missing.length === 0) return message;
  log.warn({ outbox: outboxId, missing }, 'attachment files are missing: mail sent without them');
  const note = `\n\n---\nNot attached: ${missing.join(', ')}. The file could not be found on the website's server when this message was sent.\n`;
  return { ...message, attachments: present as SendMailOptions['attachments'], text: `${String(message.text ?? '')}${note}` };
}
