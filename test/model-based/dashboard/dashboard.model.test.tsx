// dashboard, walked through the real <DashboardPage> along every edge of the production
// machine's graph: the first load (the four tiles, a quiet week with mail in trouble, the server
// unreachable, a signed-out answer) and Try again. Each tile is a named picture with its numbers
// as a table, a heading and a link to the page with more.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { dashboardMachine } from '../../../src/machines/dashboard/dashboard.machine.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { Dashboard } from '../../../src/validation/dashboard/dashboard.protocol.ts';
import { DashboardPage } from '../../../src/views/dashboard/dashboard-page.view.tsx';
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
  mailHealth: { state: 'ok', waiting: 0, oldestWaitingSince: null, lastError: null, lastAttemptAt: '2026-11-26T08:00:00.000Z', lastAttemptFailed: false },
};
const QUIET: Dashboard = {
  today: '2026-11-23',
  messages: { thisWeek: week('2026-11-23', [0, 0, 0, 0, 0, 0, 0]), lastWeek: week('2026-11-16', [0, 0, 0, 0, 0, 0, 0]) },
  subscribers: weeks(() => 0).map((entry) => ({ ...entry, signedUp: 0, unsubscribed: 0 })),
  links: { from: '2026-10-25', to: '2026-11-23', top: [] },
  mailHealth: { state: 'degraded', waiting: 2, oldestWaitingSince: '2026-11-23T06:00:00.000Z', lastError: 'Connection refused', lastAttemptAt: null, lastAttemptFailed: true },
};

let props = consolePageProps('staff');

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
    { type: 'xstate.error.actor.loadDashboard', error: UNREACHABLE },
    { type: 'xstate.error.actor.loadDashboard', error: SIGNED_OUT },
  ],
  fakes: { loadDashboard: () => fakePromiseActor() },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, today: snapshot.context.dashboard?.today ?? null }),
  render: ({ logic, inspect }) => {
    props = consolePageProps('staff');
    return <DashboardPage {...props} logic={logic} inspect={inspect} />;
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
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Messages this week', 'Subscribers', 'The most followed links', 'Mail health']);
      expectTileLinks();
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
      expect(within(mail).getByRole('rowheader', { name: 'Waiting to be sent' }).nextSibling).toHaveTextContent(String(dashboard.mailHealth.waiting));
      if (dashboard === BUSY) {
        expect(screen.getByRole('img', { name: /^Messages per day, / })).toHaveAccessibleDescription('10 messages this week, 9 messages last week: 1 more.');
        expect(screen.getByRole('img', { name: /^Subscribed at the end of each week/ })).toHaveAccessibleDescription(/^51 people subscribed now, against 40 at the end of the week of Mon, 7 Sept? 2026\.$/);
        expect(screen.getByRole('img', { name: 'The most followed links, Wed, 28 Oct 2026 to Thu, 26 Nov 2026' })).toBeInTheDocument();
        const links = screen.getByRole('table', { name: /^The most followed links/ });
        expect(within(links).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
          'LinkedIn (https://www.linkedin.com/company/lumina)',
          'Picture (https://www.example.co.za/assets/images/fb.webp) (https://www.facebook.com/lumina)',
        ]);
        expect(screen.getByRole('img', { name: 'Mail is going out' })).toBeInTheDocument();
        expect(within(mail).getByRole('rowheader', { name: 'Last error' }).nextSibling).toHaveTextContent('None');
      } else {
        // Nothing to draw: said instead, the tables still there.
        expect(screen.getByText('No messages last week or this week.')).toBeInTheDocument();
        expect(screen.getByText('Nobody has been subscribed in these weeks.')).toBeInTheDocument();
        expect(screen.getByText('No links were followed in the last 30 days.')).toBeInTheDocument();
        expect(screen.getByRole('img', { name: 'Mail needs attention' })).toBeInTheDocument();
        expect(screen.getByText('Mail is not going out as it should.')).toBeInTheDocument();
        expect(within(mail).getByRole('rowheader', { name: 'Last error' }).nextSibling).toHaveTextContent('Connection refused');
        expect(within(mail).getByRole('rowheader', { name: 'Last attempt' }).nextSibling).toHaveTextContent('None (failed)');
      }
      expect(screen.queryByRole('alert')).toBeNull();
    },
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
