// Mail health's named states (README.md, "Mail health"), judged by one pure function over the
// configuration and the outbox's facts (server/mail/mail-health.ts); the mail server's answer
// read as login, connection, certificate or other; one mail's delivery ("sent" only when the
// mail server accepted it); and what "Try again now" did (server/mail/retry-now.ts).
import { describe, expect, it } from 'vitest';
import { judgeMailState, mailDeliveryOf, mailFailureKind, mailHealthOf, type MailCounts, type MailSetup, type MailSignals } from '../../../server/mail/mail-health.ts';
import { retryOutcomeOf, retryRefusedBySetup } from '../../../server/mail/retry-now.ts';

const NOW = Date.parse('2026-12-04T16:40:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const SET_UP: MailSetup = { smtp: true, companyAddress: true };
const QUIET: MailSignals = { oldestWaitingSince: null, lastDeliveredAt: minutesAgo(60), failure: null };
const NO_COUNTS: MailCounts = { waiting: 0, held: 0, withoutRecipient: 0, failingSince: null };

describe('mail health, judged from the configuration and the outbox', () => {
  it('is notConfigured without SMTP_URL, whatever the outbox says: the first 15 minutes said "Mail is going out." before', () => {
    const signals: MailSignals = { oldestWaitingSince: minutesAgo(3), lastDeliveredAt: null, failure: null };
    expect(judgeMailState({ smtp: false, companyAddress: false }, signals, NOW).state).toBe('notConfigured');
    expect(mailHealthOf({ smtp: false, companyAddress: false }, signals, { ...NO_COUNTS, waiting: 7 }, NOW)).toEqual({
      state: 'notConfigured',
      variable: 'SMTP_URL',
      companyAddressSet: false,
      backlog: { waiting: 7, oldestWaitingSince: minutesAgo(3), held: 0 },
    });
    expect(mailHealthOf({ smtp: false, companyAddress: true }, signals, NO_COUNTS, NOW)).toMatchObject({ state: 'notConfigured', companyAddressSet: true });
  });

  it('is noCompanyAddress without MAIL_TO, with the copies that wait for it', () => {
    expect(mailHealthOf({ smtp: true, companyAddress: false }, QUIET, { ...NO_COUNTS, waiting: 2, withoutRecipient: 2 }, NOW)).toEqual({
      state: 'noCompanyAddress',
      variable: 'MAIL_TO',
      withoutRecipient: 2,
      lastDeliveredAt: minutesAgo(60),
      backlog: { waiting: 2, oldestWaitingSince: null, held: 0 },
    });
  });

  it('is failing on a failure since the last delivery, with the kind of the answer, since when and when it last worked', () => {
    const signals: MailSignals = { oldestWaitingSince: minutesAgo(20), lastDeliveredAt: minutesAgo(90), failure: { smtpAnswer: 'Invalid login: 535 Authentication credentials invalid', at: minutesAgo(5) } };
    expect(mailHealthOf(SET_UP, signals, { ...NO_COUNTS, waiting: 6, failingSince: minutesAgo(20) }, NOW)).toEqual({
      state: 'failing',
      reason: 'login',
      smtpAnswer: 'Invalid login: 535 Authentication credentials invalid',
      failingSince: minutesAgo(20),
      lastDeliveredAt: minutesAgo(90),
      backlog: { waiting: 6, oldestWaitingSince: minutesAgo(20), held: 0 },
    });
    // /healthz does not count: failing since the failure it read.
    expect(mailHealthOf(SET_UP, signals, NO_COUNTS, NOW)).toMatchObject({ failingSince: minutesAgo(5) });
  });

  it('is delivering while mail waits with no failure, late after 15 minutes, and healthy when nothing waits', () => {
    expect(mailHealthOf(SET_UP, { ...QUIET, oldestWaitingSince: minutesAgo(2) }, { ...NO_COUNTS, waiting: 3 }, NOW)).toMatchObject({ state: 'delivering', late: false });
    expect(mailHealthOf(SET_UP, { ...QUIET, oldestWaitingSince: minutesAgo(16) }, { ...NO_COUNTS, waiting: 3 }, NOW)).toMatchObject({ state: 'delivering', late: true });
    expect(mailHealthOf(SET_UP, QUIET, { ...NO_COUNTS, held: 1 }, NOW)).toEqual({ state: 'healthy', lastDeliveredAt: minutesAgo(60), backlog: { waiting: 0, oldestWaitingSince: null, held: 1 } });
  });

  it.each([
    ['Invalid login: 535 Authentication credentials invalid', 'login'],
    ['Invalid login: 535-5.7.8 Username and Password not accepted.', 'login'],
    ['530 5.7.0 Authentication Required', 'login'],
    ['connect ECONNREFUSED 127.0.0.1:2525', 'connection'],
    ['getaddrinfo ENOTFOUND smtp.example.co.za', 'connection'],
    ['Connection timeout', 'connection'],
    ['Greeting never received', 'connection'],
    ['self-signed certificate', 'certificate'],
    ["Hostname/IP does not match certificate's altnames: IP: 127.0.0.1 is not in the cert's list: ", 'certificate'],
    ['certificate has expired', 'certificate'],
    ['C0B7A1E6F87F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number', 'certificate'],
    ['550 5.1.1 <nobody@example.co.za>: Recipient address rejected: User unknown', 'other'],
  ] as const)('reads “%s” as %s', (answer, kind) => {
    expect(mailFailureKind(answer)).toBe(kind);
  });
});

describe('one mail’s delivery', () => {
  const row = { to_address: 'reader@example.co.za', created_at: minutesAgo(30), delivered_at: null, failed_at: null, last_error: null, next_attempt_at: minutesAgo(30) };
  it('is sent only when the mail server accepted it: a waiting confirmation said "mail sent" before', () => {
    expect(mailDeliveryOf(row, SET_UP)).toEqual({ state: 'waiting', since: minutesAgo(30), blockedBy: null });
    expect(mailDeliveryOf(row, { smtp: false, companyAddress: true })).toEqual({ state: 'waiting', since: minutesAgo(30), blockedBy: 'SMTP_URL' });
    expect(mailDeliveryOf({ ...row, to_address: '' }, { smtp: true, companyAddress: false })).toEqual({ state: 'waiting', since: minutesAgo(30), blockedBy: 'MAIL_TO' });
    expect(mailDeliveryOf({ ...row, delivered_at: minutesAgo(29) }, SET_UP)).toEqual({ state: 'sent', at: minutesAgo(29) });
    expect(mailDeliveryOf({ ...row, last_error: 'connect ECONNREFUSED 127.0.0.1:25', next_attempt_at: minutesAgo(-4) }, SET_UP)).toEqual({
      state: 'failing',
      since: minutesAgo(30),
      reason: 'connection',
      smtpAnswer: 'connect ECONNREFUSED 127.0.0.1:25',
      nextAttemptAt: minutesAgo(-4),
    });
    expect(mailDeliveryOf({ ...row, failed_at: minutesAgo(1), last_error: '550 No such mailbox' }, SET_UP)).toEqual({ state: 'held', since: minutesAgo(1), smtpAnswer: '550 No such mailbox' });
    expect(mailDeliveryOf(undefined, SET_UP)).toEqual({ state: 'unknown' });
  });
});

describe('what “Try again now” did', () => {
  const tried = { id: 1, delivered_at: null, failed_at: null, last_error: null, next_attempt_at: minutesAgo(0) };
  it('says at once why nothing can be tried: no SMTP_URL, or a copy with no recipient and no MAIL_TO', () => {
    expect(retryRefusedBySetup({ smtp: false, companyAddress: true }, [{ to_address: 'a@example.co.za' }])).toEqual({ outcome: 'notConfigured', variable: 'SMTP_URL' });
    expect(retryRefusedBySetup({ smtp: true, companyAddress: false }, [{ to_address: '' }])).toEqual({ outcome: 'noCompanyAddress', variable: 'MAIL_TO' });
    expect(retryRefusedBySetup({ smtp: true, companyAddress: false }, [{ to_address: 'a@example.co.za' }])).toBeNull();
  });

  it('waits while a mail has no outcome, then says delivered or the answer', () => {
    expect(retryOutcomeOf([tried])).toBeNull();
    expect(retryOutcomeOf([{ ...tried, delivered_at: minutesAgo(0) }, { ...tried, id: 2, delivered_at: minutesAgo(0) }])).toEqual({ outcome: 'delivered', delivered: 2 });
    expect(retryOutcomeOf([{ ...tried, delivered_at: minutesAgo(0) }, { ...tried, id: 2, last_error: 'Invalid login: 535 no', next_attempt_at: minutesAgo(-1) }])).toEqual({
      outcome: 'failed',
      delivered: 1,
      reason: 'login',
      smtpAnswer: 'Invalid login: 535 no',
      held: false,
      nextAttemptAt: minutesAgo(-1),
    });
    expect(retryOutcomeOf([{ ...tried, failed_at: minutesAgo(0), last_error: '550 No such mailbox' }])).toMatchObject({ outcome: 'failed', held: true, nextAttemptAt: null, reason: 'other' });
  });
});
