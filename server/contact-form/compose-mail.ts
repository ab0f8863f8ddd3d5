import type { FormDefinition } from '../../content/forms/index.ts';
import type { OutboxAttachment } from '../db/types.ts';
import { displayValue, type PostedData } from './posted-data.ts';
import { headerSafe, replyToAddress, SUBJECT_MAX, type ComposedMail } from '../mail/composed-mail.ts';

/*
 * The mail a submission becomes (CF7's "Mail" tab): to MAIL_TO, Reply-To the visitor's own
 * address, the subject from the form's template with [field] tags filled in, a plain-text
 * body listing every field by its label. The subject and Reply-To go through the shared
 * header guards (mail/composed-mail.ts).
 */

export type { ComposedMail } from '../mail/composed-mail.ts';

export interface MailContext {
  form: FormDefinition;
  postedData: PostedData;
  mailTo: string | null;
  attachments: OutboxAttachment[];
  /** False when the uploaded files were not kept (a submission released from spam). */
  filesKept?: boolean;
  consent: Record<string, string>;
  submittedAt: string;
  pageUrl: string | null;
}

export function composeMail(context: MailContext): ComposedMail {
  const { form, postedData } = context;
  const subject = headerSafe(
    form.mail.subject.replace(/\[([A-Za-z][A-Za-z0-9_-]*)\]/g, (_tag, name: string) => headerSafe(displayValue(postedData[name]))),
  ).slice(0, SUBJECT_MAX);
  return {
    to: context.mailTo ?? '',
    replyTo: replyToAddress(displayValue(postedData[form.mail.replyTo])),
    subject: subject === '' ? `Website enquiry (${form.title})` : subject,
    body: composeBody(context),
    attachments: context.attachments,
  };
}

function composeBody({ form, postedData, consent, submittedAt, pageUrl, filesKept = true }: MailContext): string {
  const lines = [`A visitor sent the website's "${form.title}" form.`, ''];
  for (const field of form.fields) {
    if (!(field.name in postedData)) continue;
    if (field.type === 'acceptance') {
      const text = consent[field.name];
      lines.push(`${field.label}: ${text === undefined ? 'Not consented' : `Consented: ${text}`}`);
      continue;
    }
    if (field.type === 'file') {
      const names = postedData[field.name];
      const files = Array.isArray(names) ? names : [];
      const note = filesKept ? 'attached' : 'not kept: the message was held as spam';
      lines.push(`${field.label}: ${files.length === 0 ? '(none)' : files.map((name) => `${name} (${note})`).join(', ')}`);
      continue;
    }
    // Only a textarea has lines; any other field's value is one line, whatever was posted.
    const raw = displayValue(postedData[field.name]);
    const value = field.type === 'textarea' ? raw.replace(/\r\n?/g, '\n') : headerSafe(raw);
    if (value.includes('\n')) lines.push(`${field.label}:`, value, '');
    else lines.push(`${field.label}: ${value === '' ? '(empty)' : value}`);
  }
  lines.push('', '--', `Sent ${submittedAt}${pageUrl === null ? '' : ` from ${pageUrl}`}`);
  return lines.join('\n');
}
