import type { FastifyBaseLogger } from 'fastify';
import type { SidebarContact, SidebarContactForm } from '../../content/structs/sidebar-contact.struct.ts';
import { checkSidebarForm, formatSidebarMessage, SIDEBAR_FIELD, sidebarFormFields } from '../../src/validation/sidebar-form/index.ts';
import type { Config } from '../config.ts';
import type { FormFields } from '../http/form-fields.ts';
import { fieldValue } from '../http/form-fields.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';
import { addressNetwork } from '../http/rate-limit.ts';
import { SENT_STATUS, type SubmissionRecord } from '../submissions/submission-record.ts';
import { disallowedWordProblem, userAgentProblem } from '../submissions/spam-filters.ts';
import type { SubmissionWriter } from '../submissions/submission-writer.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { readHumanTest, type HumanTestLedger } from './human-test.ts';
import { composeSidebarMail } from './sidebar-mail.ts';

/*
 * One sidebar message (admin-ajax.php, action=ncf_send_message), checked and kept as the page's
 * contact form keeps its submissions: the shared rules (src/validation/sidebar-form) on the
 * form's fields, the human test against its signed challenge (spent by this answer, right or
 * wrong), the shared spam filters, then the submission and its mail committed to the outbox in
 * one transaction before the visitor is answered. Nothing decides the recipient but MAIL_TO.
 */

export type SidebarOutcome =
  | { kind: 'sent'; submissionId: number }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'spam' }
  | { kind: 'failed' };

/** The configuration the sidebar form reads: the disallowed words and MAIL_TO. */
export type SidebarConfig = Pick<Config, 'disallowedWords' | 'mailTo'>;

export interface SidebarServices {
  config: SidebarConfig;
  content: SidebarContact;
  siteName: string;
  db: Kysely<Database>;
  writer: SubmissionWriter;
  secrets: SiteSecrets;
  ledger: HumanTestLedger;
  now: () => number;
  log: FastifyBaseLogger;
}

export interface SidebarRequest {
  form: SidebarContactForm;
  fields: FormFields;
  ip: string;
  userAgent: string;
  pageUrl: string | null;
}

export function findSidebarForm(content: SidebarContact, index: string): SidebarContactForm | undefined {
  return /^\d{1,2}$/.test(index) ? content.forms.find((form) => form.index === Number(index)) : undefined;
}

export async function sendSidebarMessage(services: SidebarServices, request: SidebarRequest): Promise<SidebarOutcome> {
  const { content } = services;
  const { form } = request;
  const at = services.now();
  const humanTest = content.options.humantest ? readHumanTest(services.secrets, fieldValue(request.fields, SIDEBAR_FIELD.challenge), at) : null;
  const fields = sidebarFormFields(content.labels, form, humanTest === null ? { enabled: false } : { enabled: true, sum: humanTest.valid ? humanTest.sum : null });
  const values = Object.fromEntries(fields.map((field) => [field.name, fieldValue(request.fields, field.name)]));
  const errors = checkSidebarForm(fields, values);

  if (humanTest !== null) {
    // Any answer spends a genuine challenge, so one question cannot be tried sum after sum. A
    // challenge that is not genuine, has expired or was answered before fails like a wrong sum.
    const spent = humanTest.valid && (await services.ledger.spend(humanTest.id, humanTest.expiresAt));
    if (!spent) errors[SIDEBAR_FIELD.answer] ??= formatSidebarMessage('answer', content.labels.answer, []);
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };

  const postedData = Object.fromEntries(fields.filter((field) => field.key !== 'answer').map((field) => [field.name, values[field.name] ?? '']));
  const record: SubmissionRecord = {
    formId: `ncf-${form.index}`,
    status: SENT_STATUS,
    postedData,
    postedDataHash: services.secrets.hash('ncf_posted_data', `${at}|${JSON.stringify(postedData)}`),
    remoteIpHash: request.ip === '' ? null : services.secrets.hashAddress('remote_ip', addressNetwork(request.ip)),
    userAgent: request.userAgent.slice(0, 254) || null,
    meta: { form_index: form.index, url: request.pageUrl, plugin: `ninja-contact-form ${content.options.plugin_ver}` },
    createdAt: new Date(at).toISOString(),
  };

  const spam = userAgentProblem(request.userAgent) ?? disallowedWordProblem(services.config.disallowedWords, [...Object.values(postedData), request.ip, request.userAgent]);
  if (spam !== null) {
    services.log.info({ form: record.formId, reason: spam }, 'sidebar message judged spam');
    try {
      await services.writer.storeSpam({ ...record, status: 'spam' }, spam);
    } catch (error) {
      services.log.error({ err: error }, 'could not store a spam sidebar message');
    }
    return { kind: 'spam' };
  }

  try {
    const submissionId = await services.writer.write({
      record,
      files: [],
      mail: composeSidebarMail({ siteName: services.siteName, form, fields, values, mailTo: services.config.mailTo, pageUrl: request.pageUrl }),
    });
    services.log.info({ form: record.formId, submission: submissionId }, 'sidebar message stored, mail queued');
    return { kind: 'sent', submissionId };
  } catch (error) {
    services.log.error({ err: error, form: record.formId }, 'could not store a sidebar message');
    return { kind: 'failed' };
  }
}
