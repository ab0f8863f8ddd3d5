// Subscribers as the subscribers protocol answers them, for the console pages' model tests.
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { SUBSCRIBERS_ERROR, type Subscriber, type SubscriberSummary, type SubscribersPage } from '../../../src/validation/newsletter/subscribers.protocol.ts';

export const HOME_FORM = { id: 1, title: 'Subscribe to The Lumina Brief' };
export const CASE_STUDIES = { id: 2, label: 'Project case studies' };
export const EVENTS = { id: 4, label: 'Showroom open days and events' };
export const WORDING = 'I agree that Lumina Displays may send me "The Lumina Brief", by e-mail.';

export const SUMMARY: SubscriberSummary = {
  id: 7,
  email: 'thandi@example.co.za',
  status: 'pending',
  lists: [CASE_STUDIES, EVENTS],
  sms: '+27825550123',
  form: HOME_FORM,
  createdAt: '2026-03-02T07:30:00.000Z',
  confirmedAt: null,
  unsubscribedAt: null,
  consent: { wording: WORDING, at: '2026-03-02T07:30:00.000Z', form: HOME_FORM },
  changePending: true,
};

const LEFT: SubscriberSummary = { ...SUMMARY, id: 6, email: 'lerato@example.org', status: 'unsubscribed', sms: null, changePending: false, unsubscribedAt: '2026-03-01T10:00:00.000Z', consent: null };

const page = (subscribers: SubscriberSummary[], at: number, pages: number): SubscribersPage => ({
  subscribers,
  page: at,
  pages,
  counts: { pending: 1, subscribed: 50, unsubscribed: 1 },
  lists: [CASE_STUDIES, { id: 3, label: 'Display technology explained' }, EVENTS],
});
export const PAGE_FIRST = page([SUMMARY, LEFT], 1, 2);
export const PAGE_SECOND = page([{ ...SUMMARY, id: 2, email: 'sipho@example.co.za', status: 'subscribed', changePending: false, confirmedAt: '2026-03-01T08:00:00.000Z' }], 2, 2);
export const PAGE_EMPTY = page([], 1, 1);

export const SUBSCRIBER: Subscriber = {
  id: 7,
  email: 'thandi@example.co.za',
  status: 'pending',
  lists: [CASE_STUDIES, EVENTS],
  sms: '+27825550123',
  attributes: { FIRSTNAME: 'Thandi', PROJECT_DATE: '2027-03-05' },
  // PROJECT_DATE's form is gone: shown by its Brevo name.
  attributeLabels: { FIRSTNAME: 'First name' },
  form: HOME_FORM,
  createdAt: '2026-03-02T07:30:00.000Z',
  updatedAt: '2026-03-02T07:30:00.000Z',
  confirmedAt: null,
  unsubscribedAt: null,
  pendingChange: { lists: [CASE_STUDIES, EVENTS], form: HOME_FORM, confirmationMail: { state: 'waiting', since: '2026-03-02T07:30:00.000Z', blockedBy: 'SMTP_URL' } },
  consents: [{ action: 'subscribe', wording: WORDING, at: '2026-03-02T07:30:00.000Z', form: HOME_FORM, lists: [CASE_STUDIES, EVENTS] }],
  // A fresh server: no BREVO_API_KEY.
  brevo: { connected: false, syncedAt: null, error: null },
};

export const SIGNED_OUT = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'Your session has ended.', 401);
export const UNREACHABLE = new ConsoleApiError('fetch_error', 'The server could not be reached (Failed to fetch). Check the connection and try again.', 0);
export const GONE = new ConsoleApiError(CONSOLE_REFUSAL.notFound, 'There is no such subscriber.', 404);
export const TOO_SOON = new ConsoleApiError(SUBSCRIBERS_ERROR.resentTooSoon, 'A confirmation mail was sent less than 10 minutes ago.', 429);
