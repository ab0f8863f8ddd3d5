import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import { CONSOLE_REFUSAL } from '../../src/validation/console/console-api.ts';
import { SUBSCRIBERS_ERROR } from '../../src/validation/newsletter/subscribers.protocol.ts';
import { recordAudit, type AuditActor } from '../console/console-audit.ts';
import { dialectOf } from '../db/dialect.ts';
import { RestError } from '../http/rest-error.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { takeConfirmationMailShare } from './confirmation-mail-limits.ts';
import { confirmationMail, newsletterLinks } from './newsletter-mail.ts';
import { RESEND_CONFIRMATION_AFTER_MS, type PendingChange, type SubscribeServices } from './subscribe.ts';

/*
 * The owner's "send the confirmation mail again" (README.md, "The console"): the mail of the
 * sign-up or change waiting for confirmation, with a link to that same change, within the
 * sign-up form's own abuse rules (README.md, "Abuse paths and the limits that stop them"): not
 * within 10 minutes of the last one, and only with the mailbox's (three a day) and the domain's
 * share of confirmation mail (confirmation-mail-limits.ts). A refusal writes and spends nothing.
 */

export interface ResendServices extends Omit<SubscribeServices, 'brevo'> {
  findForm: (id: number) => NewsletterForm | undefined;
}

export async function resendConfirmation(services: ResendServices, id: number, who: AuditActor): Promise<void> {
  const postgres = dialectOf(services.db) === 'postgres';
  await services.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('newsletter_subscribers').selectAll().where('id', '=', id).$if(postgres, (query) => query.forUpdate()).executeTakeFirst();
    if (row === undefined) throw new RestError(404, CONSOLE_REFUSAL.notFound, 'There is no such subscriber.');
    if (row.pending_change === null) throw new RestError(409, SUBSCRIBERS_ERROR.nothingToConfirm, 'Nothing of this subscriber is waiting for confirmation.');
    const change = JSON.parse(row.pending_change) as PendingChange;
    const form = services.findForm(change.formId);
    if (form?.doubleOptIn === undefined) throw new RestError(409, SUBSCRIBERS_ERROR.noConfirmationMail, 'The form this sign-up came from no longer sends a confirmation mail.');
    const at = services.now();
    if (row.confirmation_sent_at !== null && at - Date.parse(row.confirmation_sent_at) < RESEND_CONFIRMATION_AFTER_MS) {
      throw new RestError(429, SUBSCRIBERS_ERROR.resentTooSoon, 'A confirmation mail was sent less than 10 minutes ago.');
    }
    if (!(await takeConfirmationMailShare(trx, services.secrets, row.email, at, services.domainMailLimit))) {
      throw new RestError(429, SUBSCRIBERS_ERROR.mailLimited, 'This mailbox or its domain has had its share of confirmation mail for now (three a day per mailbox, 10 minutes apart).');
    }
    const now = new Date(at).toISOString();
    const subscriber = { id: row.id, email: row.email };
    const mail = confirmationMail(form, subscriber, newsletterLinks(services.siteUrl, services.secrets, subscriber, row.pending_change, at), now);
    if (mail !== null) await enqueueMail(trx, mail);
    await trx.updateTable('newsletter_subscribers').set({ confirmation_sent_at: now }).where('id', '=', row.id).execute();
    await recordAudit(trx, who, { action: 'confirmation-resend', subject: `subscriber ${row.id}`, detail: { form: form.id }, now: at });
  });
}
