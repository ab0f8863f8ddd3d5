// inboxList, walked through the real <InboxPage> along every edge of the production machine's
// graph: the first page (results with older ones, the last page, empty, unreachable, signed
// out), the older page and back to the newest, Try again, a filter changed step by step (the
// state, the search typed and waited for, a `from` date, a `to` date before it refused beside
// its field and then corrected), and the address's filter coming back (the back button); and
// the inbox opened at an address whose dates are the wrong way round; and by staff, who have no
// export (an owner's, as the subscribers' are). An action on chosen rows (the page's bulk
// toolbar, its request answered at once) loads the page shown again (`list.reload`).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { inboxListMachine } from '../../../src/machines/inbox/inbox-list.machine.ts';
import { bulkSelectionMachine } from '../../../src/machines/shared/bulk-selection.machine.ts';
import { EMPTY_FILTER, filterFromHash, hashOf, queryOf, type InboxFilter } from '../../../src/services/inbox/inbox-filter.service.ts';
import { InboxPage } from '../../../src/views/inbox/inbox-page.view.tsx';
import { expectErrorSummary, expectFieldError } from '../../support/govuk-errors.ts';
import { consolePageProps } from '../../support/console-page.ts';
import { InboxWatchContext, type InboxWatchValue } from '../../../src/views/shared/inbox-watch-context.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor, type StepExecutor } from '../harness/index.ts';
import { PAGE_EMPTY, PAGE_LAST, PAGE_MORE, SIGNED_OUT, UNREACHABLE } from './inbox-fixtures.ts';

type Machine = typeof inboxListMachine;
type Snapshot = SnapshotFrom<Machine>;

/** The filter changes a visitor makes, in order: the model walks them one after another. */

/** The console's watch on the inbox as the shell provides it; `arrive()` is a message arriving. */
const COUNTS: InboxWatchValue['latest'] = { counts: { inbox: 12, new: 3, unanswered: 4, read: 9, spam: 2, all: 14 }, newest: 40 };
let arrive: () => void = () => undefined;
function WatchedInbox({ children }: { children: ReactNode }) {
  const [arrivals, setArrivals] = useState(0);
  arrive = () => setArrivals((count) => count + 1);
  const value: InboxWatchValue = { latest: COUNTS, arrivals, notifications: 'unsupported', enableNotifications: () => undefined, recheck: () => undefined };
  return <InboxWatchContext.Provider value={value}>{children}</InboxWatchContext.Provider>;
}

const SCRIPT = [
  { field: 'state', value: 'spam' },
  { field: 'q', value: 'pump' },
  { field: 'from', value: '2026-03-10' },
  { field: 'to', value: '2026-03-01' },
  { field: 'to', value: '2026-03-31' },
] as const;
const TO_BEFORE_FROM = 'The “to” date must be the same as or after the “from” date.';

/** How far along the script a filter is. */
const scriptStep = (filter: InboxFilter) => {
  let step = 0;
  for (const change of SCRIPT) if (filter[change.field] === change.value) step = SCRIPT.indexOf(change) + 1;
  return step;
};

let props = consolePageProps();
const listFake = (fakes: Record<string, unknown>) => fakes.listMessages as FakePromiseActor<unknown, { query: unknown }>;
const control = (name: string) => document.getElementById(`inbox-filter-${name}`) as HTMLInputElement & HTMLSelectElement;
const status = () => document.querySelector<HTMLElement>('.inbox-status')!;
/** The selection's request answered at once: one message marked as read. */
const bulkLogic = bulkSelectionMachine.provide({ actors: { applyBulk: fromPromise(async () => ({ action: 'read', selected: 1, changed: 1 })) } });
const rows = () => [...document.querySelectorAll<HTMLLIElement>('.inbox-list > li')];

const changeFilter: StepExecutor<Machine> = async ({ event, user }) => {
  const { field, value } = event as { field: string; value: string };
  if (field === 'state') await user.selectOptions(control('state'), value);
  else if (field === 'q') {
    await user.click(control('q'));
    await user.paste(value);
  } else fireEvent.change(control(field), { target: { value } });
};

/** The filter's controls show the machine's filter, and the list was asked exactly for it. */
const expectFilterShown = (snapshot: Snapshot) => {
  const { filter } = snapshot.context;
  expect(control('state')).toHaveValue(filter.state);
  // Each state with its count; the default leaves spam out.
  expect(within(control('state')).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Inbox (no spam) (12)',
    'New (3)',
    'Not answered (4)',
    'Read (9)',
    'Spam (2)',
    'Everything, spam included (14)',
  ]);
  expect(control('q')).toHaveValue(filter.q);
  expect(control('from')).toHaveValue(filter.from);
  expect(control('to')).toHaveValue(filter.to);
};

/**
 * The inbox opened at `hash`: the plain `#/messages` by an owner and by staff (who have no
 * export: it is an owner's), and an address whose dates are the wrong way round.
 */
for (const { hash, role } of [
  { hash: '#/messages', role: 'owner' },
  { hash: '#/messages', role: 'staff' },
  { hash: '#/messages?from=2026-03-10&to=2026-03-01', role: 'owner' },
] as const) describeModel({
  machine: inboxListMachine,
  variant: hash !== '#/messages' ? 'opened with a to date before from' : role === 'staff' ? 'staff' : undefined,
  input: { api: props.api, filter: filterFromHash(hash) },
  eventSamples: [
    { type: 'xstate.done.actor.listMessages', output: PAGE_MORE },
    { type: 'xstate.done.actor.listMessages', output: PAGE_LAST },
    { type: 'xstate.done.actor.listMessages', output: PAGE_EMPTY },
    { type: 'xstate.error.actor.listMessages', error: UNREACHABLE },
    { type: 'xstate.error.actor.listMessages', error: SIGNED_OUT },
    ...SCRIPT.map((change) => ({ type: 'filter.change' as const, ...change })),
    { type: 'filter.restore', filter: EMPTY_FILTER },
    { type: 'list.reload' },
  ],
  fakes: { listMessages: () => fakePromiseActor() },
  setup: () => {
    window.history.replaceState(null, '', `/admin/${hash}`);
  },
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify({ value: snapshot.value, step: scriptStep(context.filter), cursor: context.cursor, next: context.next, count: context.messages.length });
  },
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    const step = scriptStep(context.filter);
    if (snapshot.matches({ active: 'loading' })) {
      if (!event.type.endsWith('.actor.listMessages')) return false;
      const output = (event as { output?: unknown }).output;
      // The first page may answer anything; an older page is the last; every other load a full page.
      if (step === 0 && context.cursor === null && context.messages.length === 0) return true;
      if (context.cursor !== null) return output === PAGE_LAST;
      return output === PAGE_MORE;
    }
    if (snapshot.matches({ active: 'debouncing' })) return event.type.startsWith('xstate.after.');
    if (event.type.startsWith('xstate.')) return false;
    if (!snapshot.can(event)) return false;
    switch (event.type) {
      case 'filter.change':
        return (snapshot.matches({ active: 'results' }) || snapshot.matches({ active: 'invalid' })) && context.cursor === null && SCRIPT[step] !== undefined && SCRIPT[step].field === event.field && SCRIPT[step].value === event.value;
      case 'filter.restore':
        return step === 1 && snapshot.matches({ active: 'results' });
      case 'page.older':
        return step === 0;
      default:
        return true;
    }
  },
  render: ({ logic, inspect }) => {
    props = consolePageProps(role);
    return (
      <WatchedInbox>
        <InboxPage {...props} logic={logic} inspect={inspect} bulkLogic={bulkLogic} />
      </WatchedInbox>
    );
  },
  events: {
    'filter.change': changeFilter,
    // The back button: the address names the filter it had before.
    'filter.restore': () => {
      window.location.hash = '#/messages?state=all';
    },
    'page.older': ({ user }) => user.click(screen.getByRole('button', { name: 'Older messages' })),
    'page.newest': ({ user }) => user.click(screen.getByRole('button', { name: 'Newest messages' })),
    'list.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    // The console's watch on the inbox saw a message arrive.
    'list.refresh': () => act(() => arrive()),
    // The first row chosen and marked as read: the page shown loads again.
    'list.reload': async ({ user }) => {
      await user.click(within(rows()[0]!).getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    },
  },
  states: {
    'active.loading': ({ snapshot, fakes }) => {
      expect(status()).toHaveTextContent('Loading messages…');
      // Asked for the filter and page shown, nothing else.
      expect(listFake(fakes).pending?.input.query).toEqual(queryOf(snapshot.context.filter, snapshot.context.cursor));
      expectFilterShown(snapshot);
    },
    'active.debouncing': ({ snapshot, fakes }) => {
      expect(status()).toHaveTextContent('Loading messages…');
      expect(listFake(fakes).pending, 'the search waits for the typing to stop').toBeUndefined();
      expectFilterShown(snapshot);
    },
    'active.results': ({ snapshot }) => {
      const { context } = snapshot;
      expectFilterShown(snapshot);
      expect(rows()).toHaveLength(context.messages.length);
      for (const [index, message] of context.messages.entries()) {
        const row = rows()[index]!;
        expect(within(row).getByRole('link')).toHaveAttribute('href', `#/messages/${message.id}`);
        expect(row).toHaveTextContent(message.email);
        expect(row).toHaveTextContent(message.excerpt);
        expect(row.classList.contains('inbox-row--new')).toBe(!message.read);
        if (!message.read) expect(within(row).getByText('New')).toBeVisible();
        if (message.spam) expect(row).toHaveTextContent('Kept as spam: it contains “followers”, a word on the site’s list of disallowed words (DISALLOWED_WORDS)');
        if (message.attachments > 0) expect(row).toHaveTextContent(`${message.attachments} attachments`);
        expect(row.querySelector('time')).toHaveAttribute('datetime', message.receivedAt);
      }
      expect(status()).toHaveTextContent(`${context.messages.length === 1 ? '1 message' : `${context.messages.length} messages`}`);
      // Every row has its box, and the page its own; nothing is chosen when a page arrives.
      for (const [index, message] of context.messages.entries()) expect(within(rows()[index]!).getByRole('checkbox', { name: new RegExp(`, from ${message.name || message.email}$`) })).not.toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Choose every message on this page' })).not.toBeChecked();
      expect(screen.queryByRole('button', { name: 'Older messages' }) !== null).toBe(context.next !== null);
      expect(screen.queryByRole('button', { name: 'Newest messages' }) !== null).toBe(context.cursor !== null);
      // The CSV is the filter's, whichever page is shown; an owner's only.
      const link = screen.queryByRole('link', { name: /Export CSV/ });
      if (role === 'staff') expect(link).toBeNull();
      else {
        const csv = new URL(link!.getAttribute('href')!);
        expect(csv.pathname).toBe('/admin/api/messages/export.csv');
        expect(Object.fromEntries(csv.searchParams)).toEqual(queryOf(context.filter));
      }
      // A filter the visitor applied is in the address.
      if (scriptStep(context.filter) > 1 || props.navigate.mock.calls.length > 0) expect(props.navigate).toHaveBeenLastCalledWith(scriptStep(context.filter) === 0 ? '#/messages?state=spam' : hashOf(context.filter));
    },
    'active.empty': ({ snapshot }) => {
      expectFilterShown(snapshot);
      expect(status()).toHaveTextContent('No messages match this filter.');
      expect(rows()).toHaveLength(0);
    },
    'active.failed': () => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The messages could not be loaded.');
      expect(alert).toHaveTextContent(UNREACHABLE.message);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    'active.invalid': ({ snapshot, fakes }) => {
      expectFilterShown(snapshot);
      expectFieldError(control('to').closest('.form-group')!, TO_BEFORE_FROM, 'inbox-filter-ve-to');
      expectErrorSummary(document.body, [TO_BEFORE_FROM]);
      expect(status()).toHaveTextContent('Correct the dates to see messages.');
      expect(screen.queryByRole('link', { name: /Export CSV/ })).toBeNull();
      expect(listFake(fakes).pending).toBeUndefined();
    },
    signedOut: () => {
      expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
    },
  },
});
