// Messages as the inbox protocol answers them, for the inbox's model tests.
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { InboxPage, Message, MessageSummary } from '../../../src/validation/inbox/inbox.protocol.ts';

export const CONTACT_FORM = { id: '5', title: 'Contact form' };
export const SIDEBAR_FORM = { id: 'sidebar-1', title: 'Sidebar form' };

export const NEW_SUMMARY: MessageSummary = {
  id: 12,
  form: CONTACT_FORM,
  receivedAt: '2026-03-02T07:30:00.000Z',
  name: 'Thandi Nkosi',
  email: 'thandi@example.co.za',
  subject: 'LED wall for a conference',
  excerpt: 'We need a 6 m wall for three days in April…',
  read: false,
  spam: false,
  spamReason: null,
  delivery: 'queued',
  attachments: 2,
};

export const SPAM_SUMMARY: MessageSummary = {
  id: 11,
  form: SIDEBAR_FORM,
  receivedAt: '2026-03-01T18:05:00.000Z',
  name: 'Win Big',
  email: 'promo@example.com',
  subject: '',
  excerpt: 'Cheap followers now',
  read: true,
  spam: true,
  spamReason: 'disallowed_list: the disallowed word "followers" is used.',
  delivery: 'none',
  attachments: 0,
};

export const PAGE_MORE: InboxPage = { messages: [NEW_SUMMARY, SPAM_SUMMARY], next: 'cursor-2', forms: [CONTACT_FORM, SIDEBAR_FORM] };
export const PAGE_LAST: InboxPage = { messages: [{ ...SPAM_SUMMARY, id: 3 }], next: null, forms: [CONTACT_FORM, SIDEBAR_FORM] };
export const PAGE_EMPTY: InboxPage = { messages: [], next: null, forms: [CONTACT_FORM, SIDEBAR_FORM] };

export const SIGNED_OUT = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'Your session has ended.', 401);
export const UNREACHABLE = new ConsoleApiError('fetch_error', 'The server could not be reached (Failed to fetch). Check the connection and try again.', 0);
export const GONE = new ConsoleApiError(CONSOLE_REFUSAL.notFound, 'No such message.', 404);

export const MESSAGE: Message = {
  id: 12,
  form: CONTACT_FORM,
  receivedAt: '2026-03-02T07:30:00.000Z',
  page: 'https://lumina.example.co.za/',
  fields: [
    { name: 'your-name', label: 'Your name', value: 'Thandi Nkosi', part: 'name' },
    { name: 'your-email', label: 'Your e-mail', value: 'thandi@example.co.za', part: 'email' },
    { name: 'your-phone', label: 'Phone', value: '+27 82 555 0123', part: 'phone' },
    { name: 'your-subject', label: 'Subject', value: 'LED wall for a conference', part: 'subject' },
    { name: 'your-message', label: 'Your message', value: 'We need a 6 m wall\nfor three days in April.', part: 'message' },
    { name: 'your-consent', label: 'Consent to be contacted', value: '1', agreement: 'I agree that Lumina may contact me about this enquiry.' },
  ],
  attachments: [{ id: 4, field: 'your-file', name: 'floor-plan.pdf', mediaType: 'application/pdf', size: 245_760, url: 'http://localhost/admin/api/messages/12/attachments/4' }],
  read: false,
  spam: false,
  spamReason: null,
  delivery: { state: 'failed', attempts: 9, queuedAt: '2026-03-02T07:30:00.000Z', sentAt: null, nextAttemptAt: null, lastError: '535 5.7.8 Authentication credentials invalid' },
  answered: null,
  notes: [],
};
