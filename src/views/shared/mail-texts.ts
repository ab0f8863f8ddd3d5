// Mail in the owner's words (README.md, "Mail health"): each mail health state with its cause
// and the owner's next step, one mail's delivery ("sent" only when the mail server accepted
// it), and what "Try again now" did. One place, so the banner, the dashboard, a message and a
// subscriber say the same thing.
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { MAIL_RETRY_WAIT_SECONDS, type MailRetry } from '../../validation/inbox/inbox.protocol.ts';
import type { MailBacklog, MailDelivery, MailFailureKind, MailHealth } from '../../validation/shared/mail-health.protocol.ts';

export interface MailHealthText {
  /** What is happening, in one sentence. */
  headline: string;
  /** Why, with the numbers. */
  cause: string;
  /** What the owner does next; null when nothing is needed. */
  nextStep: string | null;
}

const mails = (count: number) => (count === 1 ? '1 mail' : `${count} mails`);
/** The end of a sentence from elsewhere (a server's answer): no full stop of its own. */
const clause = (text: string) => text.trim().replace(/\.?\s*$/, '');

/** "7 waiting, the oldest since 4 Dec 2026, 18:32" */
function waitingText(backlog: MailBacklog, timeZone: string): string {
  if (backlog.waiting === 0) return 'nothing is waiting';
  const since = backlog.oldestWaitingSince === null ? '' : `, the oldest since ${formatConsoleTime(backlog.oldestWaitingSince, timeZone)}`;
  return `${backlog.waiting} waiting${since}`;
}

/** Mail given up on: said wherever there is some, with what to do. */
export function heldText(backlog: MailBacklog): string {
  if (backlog.held === 0) return '';
  return ` ${mails(backlog.held)} ${backlog.held === 1 ? 'was' : 'were'} given up on after MAIL_MAX_AGE and ${backlog.held === 1 ? 'is' : 'are'} held: open the message in the inbox and choose “Try again now” (or run npm run outbox -- --retry --all on the server).`;
}

const lastWent = (at: string | null, timeZone: string) => (at === null ? 'No mail has gone out yet.' : `Mail last went out on ${formatConsoleTime(at, timeZone)}.`);

export const FAILING_HEADLINE: Record<MailFailureKind, string> = {
  login: 'Mail is failing: the mail server refused the login.',
  connection: 'Mail is failing: the mail server cannot be reached.',
  certificate: 'Mail is failing: the mail server’s certificate was not accepted.',
  other: 'Mail is failing: the mail server refused a message.',
};

const AGAIN_BY_ITSELF = ' The waiting mail is tried again by itself.';

/** What the owner checks for each kind of answer. */
export const FAILING_NEXT_STEP: Record<MailFailureKind, string> = {
  login: 'Check the user name and password in SMTP_URL with your mail provider (a changed password, or an app password the provider asks for), then restart the site.',
  connection: 'Check the host and port in SMTP_URL (your provider’s SMTP server, usually port 587 or 465) and that this server may connect to it; if your provider has an outage, the mail goes once it is back.',
  certificate:
    'Check that the host in SMTP_URL is the name on your provider’s certificate (not an IP address or another name for the server), and that the address starts with smtps:// for port 465 and smtp:// for port 587; if the answer says the certificate has expired, your mail provider must renew it.',
  other: 'If the answer names an address, that mailbox refused the mail: correct the address, or ask your mail provider what the answer means. Other mail is tried as usual.',
};

export function mailHealthText(health: MailHealth, timeZone: string): MailHealthText {
  const { backlog } = health;
  const held = heldText(backlog);
  switch (health.state) {
    case 'notConfigured':
      return {
        headline: 'Mail is not set up: nothing is being sent.',
        cause: `SMTP_URL is not set on the server, so the site keeps every mail in its outbox and sends none: ${waitingText(backlog, timeZone)}.${held}`,
        nextStep:
          'Ask whoever runs the server to set SMTP_URL to your mail provider’s SMTP server (smtp://user:password@host:587) and restart the site: the waiting mail then goes out by itself.' +
          (health.companyAddressSet ? '' : ' Set MAIL_TO to the company’s address at the same time: without it the company’s copy of each message has no recipient.'),
      };
    case 'noCompanyAddress':
      return {
        headline: 'The company’s copy of each message has no recipient: MAIL_TO is not set.',
        cause: `Mail to visitors and subscribers goes out, but the copies meant for the company wait: ${health.withoutRecipient} waiting.${held}`,
        nextStep:
          'Ask whoever runs the server to set MAIL_TO to the address that should receive the website’s messages (for example info@yourcompany.co.za) and restart the site: the waiting copies then go out by themselves.',
      };
    case 'failing': {
      const since = health.failingSince === null ? '' : ` Failing since ${formatConsoleTime(health.failingSince, timeZone)}.`;
      return {
        headline: FAILING_HEADLINE[health.reason],
        cause: `The mail server answered: “${clause(health.smtpAnswer)}”.${since} ${lastWent(health.lastDeliveredAt, timeZone)} ${capitalise(waitingText(backlog, timeZone))}.${held}`,
        nextStep: `${FAILING_NEXT_STEP[health.reason]}${health.reason === 'other' ? '' : AGAIN_BY_ITSELF}`,
      };
    }
    case 'delivering':
      return health.late
        ? {
            headline: `Mail is going out slowly: ${waitingText(backlog, timeZone)}.`,
            cause: `The mail server has refused nothing since mail last went out, but the oldest mail has waited more than 15 minutes. ${lastWent(health.lastDeliveredAt, timeZone)}${held}`,
            nextStep: 'If it keeps waiting, ask whoever runs the server to read the server’s log for the outbox (“mail delivery”) and check that the server is running.',
          }
        : {
            headline: `Mail is going out: ${waitingText(backlog, timeZone)}.`,
            cause: `The mail server has refused nothing since mail last went out. ${lastWent(health.lastDeliveredAt, timeZone)}${held}`,
            nextStep: held === '' ? null : 'Try the held mail again from its message.',
          };
    case 'healthy':
      return {
        headline: 'Mail is going out: nothing is waiting.',
        cause: `${health.lastDeliveredAt === null ? 'Mail is set up; nothing has been sent yet.' : lastWent(health.lastDeliveredAt, timeZone)}${held}`,
        nextStep: held === '' ? null : 'Try the held mail again from its message.',
      };
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One mail's delivery, as a phrase: "sent 4 Dec 2026, 18:32", "waiting since …: mail is not set up (SMTP_URL)", "failing since …: …", "held since …". */
export function mailDeliveryText(delivery: MailDelivery, timeZone: string): string {
  const at = (iso: string) => formatConsoleTime(iso, timeZone);
  switch (delivery.state) {
    case 'sent':
      return `sent ${at(delivery.at)} (the mail server accepted it)`;
    case 'waiting':
      return `waiting since ${at(delivery.since)}${delivery.blockedBy === 'SMTP_URL' ? ': mail is not set up (SMTP_URL), nothing is sent' : delivery.blockedBy === 'MAIL_TO' ? ': it has no recipient until MAIL_TO is set' : ''}`;
    case 'failing':
      return `failing since ${at(delivery.since)}: the mail server answered “${clause(delivery.smtpAnswer)}”; next try ${at(delivery.nextAttemptAt)}`;
    case 'held':
      return `held since ${at(delivery.since)}: given up on after MAIL_MAX_AGE${delivery.smtpAnswer === null ? '' : ` (the mail server answered “${clause(delivery.smtpAnswer)}”)`}`;
    case 'unknown':
      return 'no longer recorded';
  }
}

const NOT_SENT: Record<MailFailureKind, string> = {
  login: 'Not sent: the mail server refused the login.',
  connection: 'Not sent: the mail server could not be reached.',
  certificate: 'Not sent: the mail server’s certificate was not accepted.',
  other: 'Not sent: the mail server refused it.',
};

/** What "Try again now" did, said in the message's status. */
export function mailRetryText(retry: MailRetry, timeZone: string): string {
  switch (retry.outcome) {
    case 'delivered':
      return retry.delivered === 1 ? 'Sent: the mail server accepted its mail.' : `Sent: the mail server accepted its ${retry.delivered} mails.`;
    case 'failed': {
      const others = retry.delivered === 0 ? '' : ` ${mails(retry.delivered)} of it went out.`;
      const next = retry.held
        ? ' It is held again: it is no longer tried by itself.'
        : retry.nextAttemptAt === null
          ? ''
          : ` It is tried again by itself, next on ${formatConsoleTime(retry.nextAttemptAt, timeZone)}.`;
      return `${NOT_SENT[retry.reason]} It answered: “${clause(retry.smtpAnswer)}”.${next}${others} ${FAILING_NEXT_STEP[retry.reason]}`;
    }
    case 'notConfigured':
      return 'Not sent: mail is not set up (SMTP_URL is not set on the server), so nothing can be tried. The mail waits and goes out once SMTP_URL is set.';
    case 'noCompanyAddress':
      return 'Not sent: the company’s copy has no recipient, because MAIL_TO is not set on the server. It waits and goes out once MAIL_TO is set.';
    case 'stillTrying':
      return `No answer from the mail server within ${MAIL_RETRY_WAIT_SECONDS} seconds: the mail is still being tried. Its delivery below says how it went once the page is loaded again.`;
  }
}
