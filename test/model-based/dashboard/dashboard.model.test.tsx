// dashboard, walked through the real <DashboardPage> along every edge of the production
// machine's graph: the first load (the four tiles, a quiet week with mail not set up, the server
// unreachable, a signed-out answer) and Try again; the mail tile in each of mail health's named
// states (README.md, "Mail health"), with its cause and the owner's next step. Each tile is a
// named picture with its numbers as a table, a heading and a link to the page with more.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { dashboardMachine } from '../../../src/machines/dashboard/dashboard.machine.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { Dashboard } from '../../../src/validation/dashboard/dashboard.protocol.ts';
import { DashboardPage } from '../../../src/views/dashboard/dashboard-page.view.tsx';
import { InboxWatchContext, type InboxWatchValue } from '../../../src/views/shared/inbox-watch-context.ts';
import { consolePageProps } from '../../support/console-page.ts';
import { describeModel, fakePromiseActor } from '../harness/index.ts';

const SIGNED_OUT = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'Your session has ended.', 401);
const UNREACHABLE = new ConsoleApiError('fetch_error', 'The server could not be reached (Failed to fetch). Check the connection and try again.', 0);

const week = (monday: string, counts: number[]) => {
  const start = Date.parse(`${monday}T00:00:00Z`);
  const days = counts.map((count, index) => ({ day: new Date(start + index * 86_400_000).toISOString().slice(0, 10), count }));
  return { weekStart: monday, days, total: counts.reduce((sum, count) => sum + count, 0) };
};
const weeks = (subscribed: (index: number) => number) =>
  Array.from({ length: 12 }, (_, index) => ({ weekStart: new Date(Date.parse('2026-09-07T00:00:00Z') + index * 7 * 86_400_000).toISOString().slice(0, 10), subscribed: subscribed(index), signedUp: index % 3, unsubscribed: index % 4 === 0 ? 1 : 0 }));

const BUSY: Dashboard = {
  today: '2026-11-26',
  messages: { thisWeek: week('2026-11-23', [3, 1, 4, 2, 0, 0, 0]), lastWeek: week('2026-11-16', [2, 2, 1, 0, 3, 0, 1]) },
  subscribers: weeks((index) => 40 + index),
  links: {
    from: '2026-10-28',
    to: '2026-11-26',
    top: [
      { target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn', clicks: 12 },
      { target: 'https://www.facebook.com/lumina', anchor: 'image:https://www.example.co.za/assets/images/fb.webp', clicks: 4 },
    ],
  },
  mailHealth: { state: 'healthy', lastDeliveredAt: '2026-11-26T08:00:00.000Z', backlog: { waiting: 0, oldestWaitingSince: null, held: 0 } },
};
const QUIET: Dashboard = {
  today: '2026-11-23',
  messages: { thisWeek: week('2026-11-23', [0, 0, 0, 0, 0, 0, 0]), lastWeek: week('2026-11-16', [0, 0, 0, 0, 0, 0, 0]) },
  subscribers: weeks(() => 0).map((entry) => ({ ...entry, signedUp: 0, unsubscribed: 0 })),
  links: { from: '2026-10-25', to: '2026-11-23', top: [] },
  // The first 15 minutes of a new site: no SMTP_URL, seven mails waiting (it said "Mail is going out." before).
  mailHealth: { state: 'notConfigured', variable: 'SMTP_URL', companyAddressSet: false, backlog: { waiting: 7, oldestWaitingSince: '2026-11-23T06:00:00.000Z', held: 0 } },
};
const SINCE = '2026-11-26T07:40:00.000Z';
const WENT = '2026-11-26T06:30:00.000Z';
const backlog = (waiting: number, held = 0) => ({ waiting, oldestWaitingSince: waiting === 0 ? null : SINCE, held });
/** BUSY with mail in each other state, and what its tile says: headline, the State row, the next step (null: none). */
const MAIL_STATES: Array<{ path: string; dashboard: Dashboard; headline: string; name: string; next: string | null }> = [
  {
    path: 'noCompanyAddress',
    dashboard: { ...BUSY, mailHealth: { state: 'noCompanyAddress', variable: 'MAIL_TO', withoutRecipient: 2, lastDeliveredAt: WENT, backlog: backlog(2) } },
    headline: 'The company’s copy of each message has no recipient: MAIL_TO is not set.',
    name: 'No company address (MAIL_TO)',
    next: 'Ask whoever runs the server to set MAIL_TO',
  },
  {
    path: 'failing.login',
    dashboard: { ...BUSY, mailHealth: { state: 'failing', reason: 'login', smtpAnswer: 'Invalid login: 535 Authentication credentials invalid', failingSince: SINCE, lastDeliveredAt: WENT, backlog: backlog(6) } },
    headline: 'Mail is failing: the mail server refused the login.',
    name: 'Failing: the login is refused',
    next: 'Check the user name and password in SMTP_URL',
  },
  {
    path: 'failing.connection',
    dashboard: { ...BUSY, mailHealth: { state: 'failing', reason: 'connection', smtpAnswer: 'connect ECONNREFUSED 127.0.0.1:2525', failingSince: SINCE, lastDeliveredAt: null, backlog: backlog(6) } },
    headline: 'Mail is failing: the mail server cannot be reached.',
    name: 'Failing: the server cannot be reached',
    next: 'Check the host and port in SMTP_URL',
  },
  {
    path: 'failing.certificate',
    dashboard: { ...BUSY, mailHealth: { state: 'failing', reason: 'certificate', smtpAnswer: 'self-signed certificate', failingSince: SINCE, lastDeliveredAt: WENT, backlog: backlog(1) } },
    headline: 'Mail is failing: the mail server’s certificate was not accepted.',
    name: 'Failing: the certificate is refused',
    next: 'Check that the host in SMTP_URL is the name on your provider’s certificate',
  },
  {
    path: 'failing.other',
    dashboard: { ...BUSY, mailHealth: { state: 'failing', reason: 'other', smtpAnswer: '550 5.1.1 Recipient address rejected', failingSince: null, lastDeliveredAt: WENT, backlog: backlog(0, 1) } },
    headline: 'Mail is failing: the mail server refused a message.',
    name: 'Failing: a mail is refused',
    next: 'If the answer names an address, that mailbox refused the mail',
  },
  {
    path: 'delivering.onTime',
    dashboard: { ...BUSY, mailHealth: { state: 'delivering', late: false, lastDeliveredAt: WENT, backlog: backlog(2) } },
    headline: 'Mail is going out: 2 waiting, the oldest since 26 Nov 2026, 09:40.',
    name: 'Going out',
    next: null,
  },
  {
    path: 'delivering.late',
    dashboard: { ...BUSY, mailHealth: { state: 'delivering', late: true, lastDeliveredAt: WENT, backlog: backlog(3) } },
    headline: 'Mail is going out slowly: 3 waiting, the oldest since 26 Nov 2026, 09:40.',
    name: 'Going out slowly',
    next: 'If it keeps waiting, ask whoever runs the server',
  },
];

let props = consolePageProps('staff');

/** The console's watch on the inbox, as the shell provides it: two unread, three not answered. */
const WATCH: InboxWatchValue = {
  latest: { counts: { inbox: 5, new: 2, unanswered: 3, read: 3, spam: 1, all: 6 }, newest: 9 },
  arrivals: 0,
  notifications: 'unsupported',
  enableNotifications: () => undefined,
  recheck: () => undefined,
};

/** The first tile: what to read, what to answer (links to those filters), and mail when it needs the owner. */
function expectAttention(mailAttention: boolean) {
  const tile = screen.getByRole('region', { name: 'Needs attention today' });
  expect(within(tile).getByRole('link', { name: '2 messages to read' })).toHaveAttribute('href', '#/messages?state=new');
  expect(within(tile).getByRole('link', { name: '3 messages not answered yet' })).toHaveAttribute('href', '#/messages?state=unanswered');
  expect(within(tile).getAllByRole('listitem')).toHaveLength(mailAttention ? 3 : 2);
  if (mailAttention) expect(within(tile).getAllByRole('listitem')[2]).toHaveTextContent(/^Mail: /);
}

function expectTileLinks() {
  expect(screen.getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '#/messages');
  expect(screen.getByRole('link', { name: 'All subscribers' })).toHaveAttribute('href', '#/subscribers');
  expect(screen.getByRole('link', { name: 'All link clicks' })).toHaveAttribute('href', '#/clicks');
}

describeModel({
  machine: dashboardMachine,
  input: { api: props.api },
  eventSamples: [
    { type: 'xstate.done.actor.loadDashboard', output: BUSY },
    { type: 'xstate.done.actor.loadDashboard', output: QUIET },
    ...MAIL_STATES.map(({ dashboard }) => ({ type: 'xstate.done.actor.loadDashboard' as const, output: dashboard })),
    { type: 'xstate.error.actor.loadDashboard', error: UNREACHABLE },
    { type: 'xstate.error.actor.loadDashboard', error: SIGNED_OUT },
  ],
  fakes: { loadDashboard: () => fakePromiseActor() },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, today: snapshot.context.dashboard?.today ?? null }),
  render: ({ logic, inspect }) => {
    props = consolePageProps('staff');
    return (
      <InboxWatchContext.Provider value={WATCH}>
        <DashboardPage {...props} logic={logic} inspect={inspect} />
      </InboxWatchContext.Provider>
    );
  },
  events: {
    'dashboard.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  states: {
    loading: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveAttribute('id', 'console-page-title');
      expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard…');
      expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    },
    shown: ({ snapshot }) => {
      const dashboard = snapshot.context.dashboard!;
      expect(screen.getByRole('status')).toHaveTextContent('The dashboard is up to date.');
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Needs attention today', 'Messages this week', 'Subscribers', 'The most followed links', 'Mail health']);
      expectTileLinks();
      expectAttention(snapshot.hasTag('mailAttention'));
      const messages = screen.getByRole('region', { name: 'Messages this week' });
      expect(within(messages).getByText('This week').nextSibling).toHaveTextContent(String(dashboard.messages.thisWeek.total));
      expect(within(messages).getByText('Last week').nextSibling).toHaveTextContent(String(dashboard.messages.lastWeek.total));
      // Last week's seven days and this week's up to today, as a table (and a picture when any).
      const dayTable = screen.getByRole('table', { name: /^Messages per day, from Mon, 16 Nov 2026 to / });
      const daysShown = 7 + dashboard.messages.thisWeek.days.filter((day) => day.day <= dashboard.today).length;
      expect(within(dayTable).getAllByRole('rowheader')).toHaveLength(daysShown);
      expect(within(dayTable).getAllByRole('rowheader')[0]).toHaveTextContent('Mon, 16 Nov 2026');
      const weekTable = screen.getByRole('table', { name: 'Subscribed at the end of each week, the last 12 weeks' });
      expect(within(weekTable).getAllByRole('rowheader')).toHaveLength(12);
      expect(within(screen.getByRole('table', { name: 'New subscribers and unsubscribes per week' })).getAllByRole('row')).toHaveLength(13);
      const mail = screen.getByRole('table', { name: 'Mail health' });
      expect(within(mail).getByRole('rowheader', { name: 'Waiting to be sent' }).nextSibling).toHaveTextContent(String(dashboard.mailHealth.backlog.waiting));
      expect(within(mail).getByRole('rowheader', { name: 'Held (given up on)' }).nextSibling).toHaveTextContent(String(dashboard.mailHealth.backlog.held));
      if (dashboard.messages.thisWeek.total > 0) {
        expect(screen.getByRole('img', { name: /^Messages per day, / })).toHaveAccessibleDescription('10 messages this week, 9 messages last week: 1 more.');
        expect(screen.getByRole('img', { name: /^Subscribed at the end of each week/ })).toHaveAccessibleDescription(/^51 people subscribed now, against 40 at the end of the week of Mon, 7 Sept? 2026\.$/);
        expect(screen.getByRole('img', { name: 'The most followed links, Wed, 28 Oct 2026 to Thu, 26 Nov 2026' })).toBeInTheDocument();
        const links = screen.getByRole('table', { name: /^The most followed links/ });
        expect(within(links).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
          'LinkedIn (https://www.linkedin.com/company/lumina)',
          'Picture (https://www.example.co.za/assets/images/fb.webp) (https://www.facebook.com/lumina)',
        ]);
      } else {
        // Nothing to draw: said instead, the tables still there.
        expect(screen.getByText('No messages last week or this week.')).toBeInTheDocument();
        expect(screen.getByText('Nobody has been subscribed in these weeks.')).toBeInTheDocument();
        expect(screen.getByText('No links were followed in the last 30 days.')).toBeInTheDocument();
      }
      expect(screen.queryByRole('alert')).toBeNull();
    },
    // Mail health's states: the picture, what happens, the State row, what to do.
    'shown.healthy': () => {
      const mail = screen.getByRole('table', { name: 'Mail health' });
      expect(screen.getByRole('img', { name: 'Mail is going out' })).toBeInTheDocument();
      expect(screen.getByText('Mail is going out: nothing is waiting.')).toBeInTheDocument();
      expect(screen.getByText('Mail last went out on 26 Nov 2026, 10:00.')).toBeInTheDocument();
      expect(within(mail).getByRole('rowheader', { name: 'State' }).nextSibling).toHaveTextContent('Going out');
      expect(screen.queryByText('What to do:')).toBeNull();
    },
    'shown.notConfigured': () => {
      const mail = screen.getByRole('table', { name: 'Mail health' });
      expect(screen.getByRole('img', { name: 'Mail needs attention' })).toBeInTheDocument();
      expect(screen.getByText('Mail is not set up: nothing is being sent.')).toBeInTheDocument();
      expect(screen.getByText(/^SMTP_URL is not set on the server, so the site keeps every mail in its outbox and sends none: 7 waiting, the oldest since 23 Nov 2026, 08:00\.$/)).toBeInTheDocument();
      expect(screen.getByText('What to do:').parentElement).toHaveTextContent(/Ask whoever runs the server to set SMTP_URL .* Set MAIL_TO to the company’s address at the same time/);
      expect(within(mail).getByRole('rowheader', { name: 'State' }).nextSibling).toHaveTextContent('Not set up (SMTP_URL)');
      // Nothing was tried: no "Last attempt: None" beside "Mail is going out." as before.
      expect(within(mail).queryByRole('rowheader', { name: 'Mail last went out' })).toBeNull();
    },
    ...Object.fromEntries(
      MAIL_STATES.map(({ path, dashboard, headline, name, next }) => [
        `shown.${path}`,
        ({ snapshot }: { snapshot: { context: { dashboard: Dashboard | null } } }) => {
          if (snapshot.context.dashboard !== dashboard) return;
          const mail = screen.getByRole('table', { name: 'Mail health' });
          expect(screen.getByRole('img', { name: path === 'delivering.onTime' ? 'Mail is going out' : 'Mail needs attention' })).toBeInTheDocument();
          expect(screen.getByText(headline)).toBeInTheDocument();
          expect(within(mail).getByRole('rowheader', { name: 'State' }).nextSibling).toHaveTextContent(name);
          if (next === null) expect(screen.queryByText('What to do:')).toBeNull();
          else expect(screen.getByText('What to do:').parentElement).toHaveTextContent(next);
          const health = dashboard.mailHealth;
          if (health.state === 'failing') {
            expect(within(mail).getByRole('rowheader', { name: 'The mail server’s answer' }).nextSibling).toHaveTextContent(health.smtpAnswer);
            expect(within(mail).getByRole('rowheader', { name: 'Failing since' }).nextSibling).toHaveTextContent(health.failingSince === null ? 'Not known' : '26 Nov 2026, 09:40');
            expect(within(mail).getByRole('rowheader', { name: 'Mail last went out' }).nextSibling).toHaveTextContent(health.lastDeliveredAt === null ? 'Never' : '26 Nov 2026, 08:30');
          }
        },
      ]),
    ),
    failed: () => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The dashboard could not be loaded.');
      expect(alert).toHaveTextContent(UNREACHABLE.message);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
      expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    },
    signedOut: () => {
      expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    },
  },
});
