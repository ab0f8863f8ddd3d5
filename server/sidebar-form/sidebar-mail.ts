import type { SidebarContact, SidebarContactForm } from '../../content/structs/sidebar-contact.struct.ts';
import { headerSafe, replyToAddress, SUBJECT_MAX, type ComposedMail } from '../mail/composed-mail.ts';
import { SIDEBAR_FIELD, sidebarFormFields, type SidebarField } from '../../src/validation/sidebar-form/index.ts';

/*
 * The mail a sidebar message becomes, as the plugin wrote it: the visitor's subject if the form
 * asks for one, else "<site name> <e-mail title>: <name>"; Reply-To the visitor; then Name, the
 * optional fields the visitor filled in, Email, the page it was sent from, and the message. As
 * plain text (the plugin sent HTML with the values pasted in unescaped). Unlike the plugin it
 * does not carry the visitor's IP address.
 */

/** The plugin's labels in the mail body, by field. */
const MAIL_LABELS: Record<SidebarField['key'], string> = {
  name: 'Name',
  company: 'Company',
  phone: 'Phone',
  address: 'Address',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
  answer: 'Answer',
};

export interface SidebarMailContext {
  siteName: string;
  form: SidebarContactForm;
  fields: readonly SidebarField[];
  values: Readonly<Record<string, string>>;
  mailTo: string | null;
  /** The page the panel was opened on (the Referer, when on this site). */
  pageUrl: string | null;
}

/** One line: a value typed into a one-line field cannot break the body's layout. */
const oneLine = (text: string) => headerSafe(text);

export function composeSidebarMail({ siteName, form, fields, values, mailTo, pageUrl }: SidebarMailContext): ComposedMail {
  const value = (name: string) => (values[name] ?? '').trim();
  const name = oneLine(value(SIDEBAR_FIELD.name));
  const ownSubject = fields.some((field) => field.key === 'subject') ? oneLine(value(SIDEBAR_FIELD.subject)) : '';
  const subject = (ownSubject !== '' ? ownSubject : headerSafe(`${siteName} ${form.emailTitle}: ${name}`)).slice(0, SUBJECT_MAX);

  const lines: string[] = [];
  for (const field of fields) {
    if (field.key === 'message' || field.key === 'answer' || field.key === 'subject') continue;
    const text = oneLine(value(field.name));
    // The optional fields appear only when filled in, as in the plugin.
    if (text === '' && !field.required) continue;
    lines.push(`${MAIL_LABELS[field.key]}: ${text}`);
  }
  lines.push(`Sent from page: ${pageUrl ?? 'Page not detected'}`, '', `${MAIL_LABELS.message}:`, value(SIDEBAR_FIELD.message).replace(/\r\n?/g, '\n'));

  return {
    to: mailTo ?? '',
    replyTo: replyToAddress(value(SIDEBAR_FIELD.email)),
    subject,
    body: `${lines.join('\n')}\n`,
    attachments: [],
  };
}

/**
 * The mail of a stored sidebar message (form id "ncf-<index>"), composed again as it was
 * first composed: for `npm run submissions -- --release <id>` when one was held as spam.
 * Undefined when the row is not a sidebar message of a form the site still has.
 */
export function sidebarMailOfRow(
  content: SidebarContact,
  siteName: string,
  mailTo: string | null,
  row: { form_id: string; posted_data: string; meta: string },
): ComposedMail | undefined {
  const index = /^ncf-(\d{1,2})$/.exec(row.form_id)?.[1];
  const form = content.forms.find((candidate) => String(candidate.index) === index);
  if (form === undefined) return undefined;
  const posted = JSON.parse(row.posted_data) as Record<string, unknown>;
  const values = Object.fromEntries(Object.entries(posted).map(([name, value]) => [name, typeof value === 'string' ? value : '']));
  const meta = JSON.parse(row.meta) as { url?: string | null };
  const fields = sidebarFormFields(content.labels, form, { enabled: false });
  return composeSidebarMail({ siteName, form, fields, values, mailTo, pageUrl: meta.url ?? null });
}
