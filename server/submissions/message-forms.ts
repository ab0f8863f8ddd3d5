import { formsOf, type FormDefinition } from '../../content/forms/index.ts';
import { repositoryContent } from '../../content/repository-content.ts';
import type { SidebarContact } from '../../content/structs/sidebar-contact.struct.ts';
import { cleanSms } from '../../src/validation/shared/sms.ts';
import { sidebarFormFields, type SidebarFieldKey } from '../../src/validation/sidebar-form/index.ts';

/*
 * Every form whose messages are stored in `submissions`, described once for the inbox
 * (ARCHITECTURE.md, "The inbox's search index"): its id as stored (a Contact Form 7 id, "12",
 * or the sidebar panel's "ncf-<index>"), a title, each field's label, and which posted field
 * is the visitor's name, e-mail, company, subject and message, and their phone number. The
 * e-mail and phone fields are the ones that make a message a person's own in a privacy request
 * (README.md, "Privacy"; server/privacy/person-records.ts). Built from the form
 * definitions (the documents contact-form and sidebar-contact), so a form added there is known
 * here without code of its own.
 */

/** The five parts of a message the search index holds. */
export const SEARCH_PARTS = ['name', 'email', 'company', 'subject', 'message'] as const;
export type SearchPart = (typeof SEARCH_PARTS)[number];
/** The parts of a message the index holds: the searched ones, and the phone number (not searched). */
export type IndexPart = SearchPart | 'phone';
export type MessageProjection = Record<IndexPart, string>;

export interface MessageForm {
  id: string;
  title: string;
  /** `agreement`: an acceptance box's words (what a ticked box agreed to). */
  fields: ReadonlyArray<{ name: string; label: string; agreement?: string }>;
  /** The posted field holding each part, where the form has one. */
  parts: Partial<Record<IndexPart, string>>;
}

export interface MessageCatalogue {
  forms: readonly MessageForm[];
  find(formId: string): MessageForm | undefined;
}

/** The mail-tags of a CF7 template ("Website enquiry: [your-subject] from [your-name]"). */
const tagsOf = (template: string) => [...template.matchAll(/\[([\w-]+)\]/g)].map((match) => match[1]!);

function cf7Form(form: FormDefinition): MessageForm {
  const byAutocomplete = (token: string) => form.fields.find((field) => 'autocomplete' in field && field.autocomplete === token)?.name;
  const names = new Set(form.fields.map((field) => field.name));
  const name = byAutocomplete('name');
  const email = form.mail.replyTo !== '' && names.has(form.mail.replyTo) ? form.mail.replyTo : byAutocomplete('email');
  // The subject is what the mail's subject line quotes, besides the sender's name.
  const subject = tagsOf(form.mail.subject).find((tag) => names.has(tag) && tag !== name && tag !== email);
  const message = form.fields.find((field) => field.type === 'textarea')?.name;
  const phone = byAutocomplete('tel') ?? form.fields.find((field) => field.type === 'tel')?.name;
  const parts: Partial<Record<IndexPart, string>> = {};
  for (const [part, field] of Object.entries({ name, email, company: byAutocomplete('organization'), subject, message, phone })) {
    if (field !== undefined) parts[part as IndexPart] = field;
  }
  return { id: String(form.id), title: form.title, fields: form.fields.map((field) => ({ name: field.name, label: field.label, ...(field.type === 'acceptance' ? { agreement: field.text } : {}) })),
    parts,
  };
}

const SIDEBAR_PARTS: Partial<Record<SidebarFieldKey, IndexPart>> = { name: 'name', email: 'email', company: 'company', subject: 'subject', message: 'message', phone: 'phone' };

function sidebarForms(content: SidebarContact): MessageForm[] {
  return content.forms.map((form) => {
    // Every field the panel may show, whether or not it is switched on now: older messages keep their labels.
    const fields = sidebarFormFields(content.labels, { ...form, fields: Object.fromEntries(Object.entries(form.fields).map(([key, setting]) => [key, { ...setting, on: true }])) as typeof form.fields }, { enabled: false });
    const parts: Partial<Record<IndexPart, string>> = {};
    for (const field of fields) {
      const part = SIDEBAR_PARTS[field.key];
      if (part !== undefined) parts[part] = field.name;
    }
    return { id: `ncf-${form.index}`, title: `Side panel: ${form.emailTitle}`, fields: fields.map((field) => ({ name: field.name, label: field.label })), parts };
  });
}

export function createMessageCatalogue(cf7: readonly FormDefinition[] = formsOf(repositoryContent()), sidebar: SidebarContact = repositoryContent().sidebarContact): MessageCatalogue {
  const forms = [...cf7.map(cf7Form), ...sidebarForms(sidebar)];
  const byId = new Map(forms.map((form) => [form.id, form]));
  return { forms, find: (formId) => byId.get(formId) };
}

/** The catalogue of the forms `source` gives now (the live content's), made again when they change. */
export function followedMessageCatalogue(source: () => { cf7: readonly FormDefinition[]; sidebar: SidebarContact }): MessageCatalogue {
  let seen: { cf7: readonly FormDefinition[]; sidebar: SidebarContact } | undefined;
  let catalogue: MessageCatalogue | undefined;
  const now = (): MessageCatalogue => {
    const current = source();
    if (catalogue === undefined || current.cf7 !== seen?.cf7 || current.sidebar !== seen.sidebar) {
      seen = current;
      catalogue = createMessageCatalogue(current.cf7, current.sidebar);
    }
    return catalogue;
  };
  return {
    get forms() {
      return now().forms;
    },
    find: (formId) => now().find(formId),
  };
}

/** A posted value as text: several values (checkboxes, files) joined. */
export function postedText(value: unknown): string {
  return typeof value === 'string' ? value : Array.isArray(value) ? value.filter((item) => typeof item === 'string').join(', ') : '';
}

/** A stored JSON object (posted data, meta), or {} for anything else. */
export function storedObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The one place that decides which posted field is the name, e-mail, company, subject, message
 * and phone number. The phone number is kept without separators (src/validation/shared/sms.ts),
 * as a privacy request's number is, so `+27 82 555 0123` and `+27825550123` are one number.
 */
export function projectMessage(catalogue: MessageCatalogue, formId: string, posted: Readonly<Record<string, unknown>>): MessageProjection {
  const parts = catalogue.find(formId)?.parts ?? {};
  const text = (part: IndexPart) => {
    const field = parts[part];
    return field === undefined ? '' : postedText(posted[field]).trim();
  };
  return { name: text('name'), email: text('email'), company: text('company'), subject: text('subject'), message: text('message'), phone: cleanSms(text('phone')) };
}
