// inboxWatch, walked through the real <InboxWatch> and what the console shows of it (the
// navigation's unread count, the document title's "(3) ", the inbox's offer of notifications)
// along every edge of the production machine's graph: the first counts, the same again, a
// message arriving (counted, and a browser notification only when the person allowed them), a
// failed check keeping the last counts, an ended session; the check every 30 seconds, paused in
// a hidden tab and made at once when it is shown again or the console's page changes; the
// browser's question (allowed, refused, not answered, failed) and each starting permission.
import { act, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { inboxWatchMachine } from '../../../src/machines/inbox/inbox-watch.machine.ts';
import { INBOX_WATCH_INTERVAL_MS } from '../../../src/machines/inbox/inbox.constants.ts';
import type { NotificationChoice } from '../../../src/services/inbox/arrival-notification.service.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { InboxCounts } from '../../../src/validation/inbox/inbox.protocol.ts';
import { ArrivalNotifications, InboxNavLink, InboxWatch, UnreadTitle } from '../../../src/views/inbox/inbox-watch.view.tsx';
import { describeModel, fakeCallbackActor, fakePromiseActor, sendBackFrom, type FakePromiseActor } from '../harness/index.ts';

const FIRST: InboxCounts = { counts: { inbox: 7, new: 2, unanswered: 3, read: 5, spam: 1, all: 8 }, newest: 10 };
/** Two more arrived: the newest is newer, two more are unread. */
const ARRIVED: InboxCounts = { counts: { inbox: 9, new: 4, unanswered: 5, read: 5, spam: 1, all: 10 }, newest: 12 };
/** Everything read. */
const ALL_READ: InboxCounts = { counts: { inbox: 7, new: 0, unanswered: 3, read: 7, spam: 1, all: 8 }, newest: 10 };
const UNREACHABLE = new ConsoleApiError('fetch_error', 'The server could not be reached.', 0);
const SIGNED_OUT = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'The session has ended.', 401);

const api = createConsoleApi();
const onSessionEnded = vi.fn();
const notify = vi.fn();
// A failed check is logged; the test keeps the output clean.
vi.spyOn(console, 'error').mockImplementation(() => {});

type Snapshot = SnapshotFrom<typeof inboxWatchMachine>;
const checks = (fakes: Record<string, unknown>) => (fakes.fetchCounts as FakePromiseActor).instances.length;

/** The console's page changing: the shell gives the watch a new route key. */
let changePage: () => void = () => undefined;
function Shell({ children }: { children: (routeKey: string) => ReactNode }) {
  const [page, setPage] = useState(0);
  changePage = () => setPage((count) => count + 1);
  return <>{children(`#/page-${page}`)}</>;
}

function expectCounts(snapshot: Snapshot) {
  const unread = snapshot.context.latest?.counts.new ?? 0;
  const badge = document.querySelector('.console-nav__count');
  if (unread === 0) {
    expect(badge).toBeNull();
    expect(screen.getByRole('link')).toHaveAccessibleName('Inbox');
    expect(document.title).toBe('Inbox — Console — Lumina');
  } else {
    expect(badge).toHaveTextContent(String(unread));
    expect(screen.getByRole('link')).toHaveAccessibleName(`Inbox ${unread} unread`);
    expect(document.title).toBe(`(${unread}) Inbox — Console — Lumina`);
  }
}

const offer = () => screen.queryByRole('button', { name: 'Tell me when a message arrives' });

/** Each starting permission: what the browser allowed before the console opened. */
for (const [variant, notifications] of [
  ['undecided', 'default'],
  ['allowed', 'granted'],
  ['refused', 'denied'],
  ['unsupported', 'unsupported'],
] as const satisfies ReadonlyArray<readonly [string, NotificationChoice]>) {
  describeModel({
    machine: inboxWatchMachine,
    variant,
    input: { api, notifications },
    eventSamples: [
      { type: 'xstate.done.actor.fetchCounts', output: FIRST },
      { type: 'xstate.done.actor.fetchCounts', output: ARRIVED },
      { type: 'xstate.done.actor.fetchCounts', output: ALL_READ },
      { type: 'xstate.error.actor.fetchCounts', error: UNREACHABLE },
      { type: 'xstate.error.actor.fetchCounts', error: SIGNED_OUT },
      { type: 'xstate.done.actor.requestNotificationPermission', output: 'granted' },
      { type: 'xstate.done.actor.requestNotificationPermission', output: 'denied' },
      { type: 'xstate.done.actor.requestNotificationPermission', output: 'default' },
      { type: 'xstate.error.actor.requestNotificationPermission', error: new Error('The browser refused to ask.') },
    ],
    fakes: { fetchCounts: () => fakePromiseActor(), requestNotificationPermission: () => fakePromiseActor(), pageVisibility: () => fakeCallbackActor() },
    // What can be told apart: where it is, the newest message seen, whether any arrived.
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, newest: snapshot.context.latest?.newest ?? null, unread: snapshot.context.latest?.counts.new ?? null, arrived: snapshot.context.arrivals > 0 }),
    // The machine raises `inbox.arrived` itself. The other permissions walk the checks alone.
    filterEvents: (snapshot, event) => {
      if (event.type === 'inbox.arrived') return false;
      if (variant === 'undecided') return true;
      return !event.type.startsWith('page.') && event.type !== 'inbox.recheck' && !(snapshot.context.arrivals > 0 && event.type.endsWith('fetchCounts'));
    },
    setup: () => {
      onSessionEnded.mockClear();
      notify.mockClear();
    },
    render: ({ logic, inspect }) => (
      <Shell>
        {(routeKey) => (
          <InboxWatch api={api} onSessionEnded={onSessionEnded} siteName="Lumina" routeKey={routeKey} logic={logic} inspect={inspect} notify={notify} notifications={notifications}>
            <UnreadTitle text="Inbox — Console — Lumina" />
            <InboxNavLink href="#/messages" className="console-nav__link" current={false}>
              Inbox
            </InboxNavLink>
            <ArrivalNotifications />
          </InboxWatch>
        )}
      </Shell>
    ),
    events: {
      'inbox.recheck': () => act(() => changePage()),
      'notify.enable': ({ user }) => user.click(screen.getByRole('button', { name: 'Tell me when a message arrives' })),
      'page.hidden': sendBackFrom('pageVisibility'),
      'page.visible': sendBackFrom('pageVisibility'),
      // Every 30 seconds, not sooner: nothing is asked before the deadline.
      'xstate.after.watchInterval.inboxWatch.watching.check.waiting': async ({ fakes, advanceToDelay }) => {
        const before = checks(fakes);
        await advanceToDelay(() => expect(checks(fakes)).toBe(before));
        expect(INBOX_WATCH_INTERVAL_MS).toBe(30_000);
      },
    },
    effects: {
      // An arrival is notified only where the person allowed it, with how many arrived.
      fetchCounts: ({ from, event }) => {
        const latest = from.context.latest;
        const output = event.type === 'xstate.done.actor.fetchCounts' ? (event.output as InboxCounts) : null;
        const arrival = output !== null && latest !== null && output.newest !== null && (latest.newest === null || output.newest > latest.newest);
        if (arrival && from.matches({ watching: { notifications: 'allowed' } })) expect(notify).toHaveBeenLastCalledWith(Math.max(1, output.counts.new - latest.counts.new), 'Lumina');
        else expect(notify).not.toHaveBeenCalled();
      },
    },
    states: {
      'watching.check.checking': ({ snapshot, fakes }) => {
        expect((fakes.fetchCounts as FakePromiseActor).pending).toBeDefined();
        expectCounts(snapshot);
      },
      'watching.check.waiting': ({ snapshot }) => expectCounts(snapshot),
      'watching.check.paused': ({ snapshot, fakes }) => {
        expect((fakes.fetchCounts as FakePromiseActor).pending).toBeUndefined();
        expectCounts(snapshot);
      },
      'watching.page.visible': () => undefined,
      'watching.page.hidden': () => undefined,
      'watching.notifications.unsupported': () => {
        expect(offer()).toBeNull();
        expect(screen.queryByText(/This browser/)).toBeNull();
      },
      'watching.notifications.undecided': () => {
        expect(offer()).toBeEnabled();
      },
      'watching.notifications.asking': () => {
        expect(offer()).toBeDisabled();
      },
      'watching.notifications.allowed': () => {
        expect(offer()).toBeNull();
        expect(screen.getByText('This browser tells you when a message arrives while the console is open.')).toBeInTheDocument();
      },
      'watching.notifications.refused': () => {
        expect(offer()).toBeNull();
        expect(screen.getByText(/This browser blocks the console’s notifications: allow them in your browser’s settings/)).toBeInTheDocument();
      },
      signedOut: () => expect(onSessionEnded).toHaveBeenCalledTimes(1),
    },
  });
}
