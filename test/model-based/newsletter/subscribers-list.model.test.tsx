// subscribersList, walked through the real <SubscribersPage> along every edge of the production
// machine's graph, for an owner (the two exports shown, each explained) and for staff (none):
// the first page (results with a next page, empty, unreachable then Try again, signed out), the
// next page and back, a filter changed step by step (status, then list, then an address search
// typed and submitted), each written to the address, and the address's query coming back (the
// back button); for an owner, the first row chosen and unsubscribed with a note (the page's bulk
// toolbar, its request answered at once) loads the page again (`list.reload`).
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { subscribersListMachine } from '../../../src/machines/newsletter/subscribers-list.machine.ts';
import { bulkSelectionMachine } from '../../../src/machines/shared/bulk-selection.machine.ts';
import { subscribersHash, subscribersSearchParams } from '../../../src/services/newsletter/subscribers-api.client.ts';
import type { SubscribersQuery } from '../../../src/validation/newsletter/subscribers.protocol.ts';
import { SubscribersPage } from '../../../src/views/newsletter/subscribers-page.view.tsx';
import { STATUS_LABEL } from '../../../src/views/newsletter/subscriber-texts.ts';
import { consolePageProps } from '../../support/console-page.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor, type StepExecutor } from '../harness/index.ts';
import { PAGE_EMPTY, PAGE_FIRST, PAGE_SECOND, SIGNED_OUT, UNREACHABLE } from './subscribers-fixtures.ts';

type Machine = typeof subscribersListMachine;
type Snapshot = SnapshotFrom<Machine>;

const SEARCH = 'thandi';
const BACK: SubscribersQuery = { status: 'unsubscribed' };

let props = consolePageProps();
/** The shell's route: the address's query, which the back button changes. */
let routeTo: (query: string) => void = () => {};
function Routed(page: Omit<Parameters<typeof SubscribersPage>[0], 'query'>) {
  const [query, setQuery] = useState('');
  routeTo = setQuery;
  return <SubscribersPage {...page} query={query} />;
}

const listFake = (fakes: Record<string, unknown>) => fakes.listSubscribers as FakePromiseActor<unknown, { query: SubscribersQuery }>;
const control = (name: string) => document.getElementById(`subscribers-filter-${name}`) as HTMLInputElement & HTMLSelectElement;
const status = () => document.querySelector<HTMLElement>('.subscribers-status')!;
/** The selection's request answered at once: one subscriber unsubscribed. */
const bulkLogic = bulkSelectionMachine.provide({ actors: { applyBulk: fromPromise(async () => ({ action: 'unsubscribe', selected: 1, changed: 1 })) } });
const rows = () => [...document.querySelectorAll<HTMLTableRowElement>('.subscribers-table tbody tr')];
const unfiltered = (query: SubscribersQuery) => query.status === undefined && query.list === undefined && query.q === undefined;

const changeFilter: StepExecutor<Machine> = async ({ event, user }) => {
  const { field, value } = event as { field: string; value: string };
  await user.selectOptions(control(field), value);
};

/** The filter's controls show the machine's query. */
const expectFilterShown = (snapshot: Snapshot) => {
  const { query, search } = snapshot.context;
  expect(control('status')).toHaveValue(query.status ?? '');
  expect(control('list')).toHaveValue(query.list ?? '');
  expect(control('q')).toHaveValue(search);
};

const expectExports = (snapshot: Snapshot, owner: boolean) => {
  const spreadsheet = screen.queryByRole('link', { name: 'Export for a spreadsheet' });
  const brevo = screen.queryByRole('link', { name: 'Export for a mailing service' });
  if (!owner) {
    expect([spreadsheet, brevo]).toEqual([null, null]);
    return;
  }
  const { page: _page, ...filter } = snapshot.context.query;
  const sheet = new URL(spreadsheet!.getAttribute('href')!);
  expect(sheet.pathname).toBe('/admin/api/subscribers/export.csv');
  expect(Object.fromEntries(sheet.searchParams)).toEqual(subscribersSearchParams(filter));
  const mailing = new URL(brevo!.getAttribute('href')!);
  expect(mailing.pathname).toBe('/admin/api/subscribers/export-brevo.csv');
  expect(mailing.searchParams.has('status')).toBe(false);
  expect(screen.getByText(/For a spreadsheet: every column/)).toHaveTextContent('safe to open in Excel');
  expect(screen.getByText(/For a mailing service: Brevo’s import columns/)).toHaveTextContent('only subscribed people, numbers as Brevo expects (+27…) — do not open and re-save it in a spreadsheet');
};

for (const owner of [true, false]) describeModel({
  machine: subscribersListMachine,
  variant: owner ? 'owner' : 'staff',
  input: { api: props.api, query: {} },
  eventSamples: [
    { type: 'xstate.done.actor.listSubscribers', output: PAGE_FIRST },
    { type: 'xstate.done.actor.listSubscribers', output: PAGE_SECOND },
    { type: 'xstate.done.actor.listSubscribers', output: PAGE_EMPTY },
    { type: 'xstate.error.actor.listSubscribers', error: UNREACHABLE },
    { type: 'xstate.error.actor.listSubscribers', error: SIGNED_OUT },
    { type: 'filter.change', field: 'status', value: 'pending' },
    { type: 'filter.change', field: 'list', value: '4' },
    { type: 'search.change', value: SEARCH },
    { type: 'page.go', page: 2 },
    { type: 'page.go', page: 1 },
    { type: 'query.change', query: BACK },
    { type: 'list.reload' },
  ],
  fakes: { listSubscribers: () => fakePromiseActor() },
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify({ value: snapshot.value, query: context.query, search: context.search, page: context.page?.page ?? null, count: context.page?.subscribers.length ?? null, problem: context.problem !== '' });
  },
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    const { query } = context;
    if (snapshot.matches({ active: 'loading' })) {
      if (!event.type.endsWith('.actor.listSubscribers')) return false;
      const output = (event as { output?: unknown }).output;
      // The first load may answer anything; page 2 is the second page; every other load the first page.
      if (unfiltered(query) && query.page === undefined && context.page === null && context.problem === '') return output !== PAGE_SECOND;
      if (query.page === '2') return output === PAGE_SECOND;
      return output === PAGE_FIRST;
    }
    if (event.type.startsWith('xstate.')) return false;
    if (!snapshot.can(event)) return false;
    const settled = snapshot.matches({ active: 'results' }) || snapshot.matches({ active: 'empty' });
    switch (event.type) {
      case 'filter.change':
        if (!settled || query.page !== undefined) return false;
        if (event.field === 'status') return unfiltered(query);
        return query.status === 'pending' && query.list === undefined;
      case 'search.change':
        return settled && query.list === '4' && context.search === '';
      case 'search.submit':
        return settled && context.search === SEARCH && query.q === undefined;
      case 'page.go':
        return unfiltered(query) && context.page !== null && event.page === (context.page.page === 1 ? 2 : 1);
      case 'query.change':
        return settled && query.q === SEARCH;
      // Only an owner has the boxes and the actions.
      case 'list.reload':
        return owner;
      default:
        return true;
    }
  },
  render: ({ logic, inspect }) => {
    props = consolePageProps(owner ? 'owner' : 'staff');
    return <Routed {...props} logic={logic} inspect={inspect} bulkLogic={bulkLogic} />;
  },
  events: {
    'filter.change': changeFilter,
    'search.change': async ({ user }) => {
      await user.click(control('q'));
      await user.paste(SEARCH);
    },
    'search.submit': ({ user }) => user.click(screen.getByRole('button', { name: 'Search' })),
    'page.go': ({ user, event }) => user.click(screen.getByRole('button', { name: (event as { page: number }).page === 2 ? 'Next page' : 'Previous page' })),
    'query.change': () => {
      act(() => routeTo(new URLSearchParams(subscribersSearchParams(BACK)).toString()));
    },
    'list.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    // The first row chosen and unsubscribed at their request, with a note.
    'list.reload': async ({ user }) => {
      await user.click(within(rows()[0]!).getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Unsubscribe at their request' }));
      await user.type(screen.getByRole('textbox', { name: /^Note/ }), 'Asked by phone');
      await user.click(within(screen.getByRole('form', { name: /unsubscribe them at their request\?/ })).getByRole('button', { name: 'Unsubscribe at their request' }));
    },
  },
  states: {
    'active.loading': ({ snapshot, fakes }) => {
      expect(status()).toHaveTextContent('Loading subscribers…');
      expect(listFake(fakes).pending?.input.query).toEqual(snapshot.context.query);
      expectFilterShown(snapshot);
    },
    'active.results': ({ snapshot }) => {
      const page = snapshot.context.page!;
      expectFilterShown(snapshot);
      expect(rows()).toHaveLength(page.subscribers.length);
      for (const [index, subscriber] of page.subscribers.entries()) {
        const row = rows()[index]!;
        expect(within(row).getByRole('link', { name: subscriber.email })).toHaveAttribute('href', `#/subscribers/${subscriber.id}`);
        expect(row).toHaveTextContent(STATUS_LABEL[subscriber.status]);
        expect(row).toHaveTextContent(subscriber.lists.map((list) => list.label).join(', '));
        expect(row).toHaveTextContent(subscriber.sms ?? '—');
        expect(row).toHaveTextContent(subscriber.consent === null ? 'No consent recorded' : subscriber.consent.wording);
        // An owner chooses rows (nothing is chosen when a page arrives); staff have no boxes.
        const box = within(row).queryByRole('checkbox', { name: `Choose ${subscriber.email}` });
        if (owner) expect(box).not.toBeChecked();
        else expect(box).toBeNull();
      }
      expect(screen.queryByRole('group', { name: 'Act on several subscribers' }) !== null).toBe(owner);
      expect(screen.getByRole('region', { name: 'Subscribers, newest first' })).toHaveAttribute('tabindex', '0');
      expect(status()).toHaveTextContent(`${page.subscribers.length === 1 ? '1 subscriber' : `${page.subscribers.length} subscribers`} shown, page ${page.page} of ${page.pages}.`);
      expect(screen.queryByRole('button', { name: 'Next page' }) !== null).toBe(page.page < page.pages);
      expect(screen.queryByRole('button', { name: 'Previous page' }) !== null).toBe(page.page > 1);
      expect(within(control('status')).getByRole('option', { name: 'Subscribed (50)' })).toBeTruthy();
      expectExports(snapshot, owner);
      // A query the person chose is in the address; one the address gave is not written back.
      if (props.navigate.mock.calls.length > 0 && subscribersHash(snapshot.context.query) !== subscribersHash(BACK)) expect(props.navigate).toHaveBeenLastCalledWith(subscribersHash(snapshot.context.query));
    },
    'active.empty': ({ snapshot }) => {
      expectFilterShown(snapshot);
      expect(status()).toHaveTextContent('No subscribers match this filter.');
      expect(rows()).toHaveLength(0);
      expectExports(snapshot, owner);
    },
    'active.failed': () => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`The subscribers could not be loaded. ${UNREACHABLE.message}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    signedOut: () => {
      expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
    },
  },
});
