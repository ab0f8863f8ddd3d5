// clicksReport, walked through the real <ClicksPage> along every edge of the production machine's
// graph: the first load (shown with both charts and a table per page, empty, unreachable, signed
// out), Try again, the "Last 90 days" link and back (the address changing under the page), two
// dates entered the wrong way round refused beside the field and then corrected and applied
// (written to the address and loaded); and the page opened at an address whose `days` is not
// one the page offers, said above the form until a range link is followed.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { clicksReportMachine, askedRange } from '../../../src/machines/click-tracking/clicks-report.machine.ts';
import { clicksQueryOf, queryText } from '../../../src/services/click-tracking/click-range.service.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { ClicksQuery, ClicksSummary } from '../../../src/validation/click-tracking/click-reports.protocol.ts';
import { ClicksPage } from '../../../src/views/click-tracking/clicks-page.view.tsx';
import { consolePageProps } from '../../support/console-page.ts';
import { expectErrorSummary, expectFieldError } from '../../support/govuk-errors.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

type Machine = typeof clicksReportMachine;
type Snapshot = SnapshotFrom<Machine>;

const SIGNED_OUT = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'Your session has ended.', 401);
const UNREACHABLE = new ConsoleApiError('fetch_error', 'The server could not be reached (Failed to fetch). Check the connection and try again.', 0);

function days(from: string, count: number, clicksOf: (index: number) => number) {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({ day: new Date(start + index * 86_400_000).toISOString().slice(0, 10), clicks: clicksOf(index) }));
}

function summary(range: ClicksSummary['range'], count: number, clicksOf: (index: number) => number): ClicksSummary {
  const perDay = days(range.from, count, clicksOf);
  const total = perDay.reduce((sum, day) => sum + day.clicks, 0);
  return {
    range,
    total,
    perDay,
    topLinks:
      total === 0
        ? []
        : [
            { target: 'https://www.linkedin.com/company/lumina', anchors: ['LinkedIn'], pages: ['https://www.example.co.za/'], clicks: total - 1 },
            { target: 'https://www.facebook.com/lumina', anchors: ['Facebook'], pages: ['https://www.example.co.za/thank-you/'], clicks: 1 },
          ],
    pages:
      total === 0
        ? []
        : [
            { page: 'https://www.example.co.za/', clicks: total - 1, links: [{ anchor: 'LinkedIn', target: 'https://www.linkedin.com/company/lumina', clicks: total - 1, first: '2026-10-05T08:00:00.000Z', last: '2026-10-20T14:30:00.000Z' }] },
            { page: 'https://www.example.co.za/thank-you/', clicks: 1, links: [{ anchor: 'image:https://www.example.co.za/assets/images/fb.webp', target: 'https://www.facebook.com/lumina', clicks: 1, first: '2026-10-12T09:00:00.000Z', last: '2026-10-12T09:00:00.000Z' }] },
          ],
  };
}

const LAST_30 = summary({ from: '2026-10-03', to: '2026-11-01', days: '30' }, 30, (index) => index % 3);
const LAST_90 = summary({ from: '2026-08-04', to: '2026-11-01', days: '90' }, 90, (index) => (index % 7 === 0 ? 4 : 0));
const OCTOBER = summary({ from: '2026-10-10', to: '2026-10-31', days: null }, 22, (index) => (index === 5 ? 9 : 1));
const NOTHING = summary({ from: '2026-10-03', to: '2026-11-01', days: '30' }, 30, () => 0);

/** What a load answers for the range asked (the first load may also answer nothing or fail). */
const answerFor = (query: ClicksQuery) => {
  const range = askedRange(query);
  return range.kind === 'dates' ? OCTOBER : range.days === '90' ? LAST_90 : LAST_30;
};

/** The dates a person enters, in order: the model walks them one after another. */
const FROM = '2026-10-10';
const WRONG_TO = '2026-10-01';
const RIGHT_TO = '2026-10-31';
const TO_BEFORE_FROM = 'The last day is before the first day.';

let props = consolePageProps();
const loadFake = (fakes: Record<string, unknown>) => fakes.loadClicks as FakePromiseActor<unknown, { range: unknown }>;
const control = (name: string) => document.getElementById(`clicks-range-${name}`) as HTMLInputElement;
const status = () => screen.getByRole('status');

const expectDatesShown = (snapshot: Snapshot) => {
  expect(control('from')).toHaveValue(snapshot.context.dates.from);
  expect(control('to')).toHaveValue(snapshot.context.dates.to);
};

for (const hash of ['#/clicks', '#/clicks?days=7']) {
  const opened = clicksQueryOf(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '');
  describeModel({
    machine: clicksReportMachine,
    variant: hash === '#/clicks' ? undefined : 'opened with days=7',
    input: { api: props.api, query: opened },
    eventSamples: [
      { type: 'xstate.done.actor.loadClicks', output: LAST_30 },
      { type: 'xstate.done.actor.loadClicks', output: LAST_90 },
      { type: 'xstate.done.actor.loadClicks', output: OCTOBER },
      { type: 'xstate.done.actor.loadClicks', output: NOTHING },
      { type: 'xstate.error.actor.loadClicks', error: UNREACHABLE },
      { type: 'xstate.error.actor.loadClicks', error: SIGNED_OUT },
      { type: 'dates.change', field: 'from', value: FROM },
      { type: 'dates.change', field: 'to', value: WRONG_TO },
      { type: 'dates.change', field: 'to', value: RIGHT_TO },
      { type: 'address.restore', query: { days: '90' } },
      { type: 'address.restore', query: { days: '30' } },
    ],
    fakes: { loadClicks: () => fakePromiseActor() },
    setup: () => {
      window.history.replaceState(null, '', `/admin/${hash}`);
    },
    serializeState: (snapshot) => {
      const { context } = snapshot;
      return JSON.stringify({ value: snapshot.value, query: queryText(context.query), dates: context.dates, shown: context.summary?.range ?? null, published: context.published });
    },
    filterEvents: (snapshot, event) => {
      const { context } = snapshot;
      const first = context.summary === null;
      if (snapshot.matches({ active: 'loading' })) {
        if (!event.type.endsWith('.actor.loadClicks')) return false;
        const output = (event as { output?: unknown }).output;
        // The first load may answer anything; every later one the range asked.
        if (first && output !== LAST_30 && output !== LAST_90 && output !== OCTOBER) return true;
        return output === answerFor(context.query);
      }
      if (event.type.startsWith('xstate.')) return false;
      if (!snapshot.can(event)) return false;
      const resting = snapshot.matches({ active: 'shown' }) || snapshot.matches({ active: 'invalid' });
      switch (event.type) {
        case 'address.restore':
          // The "Last 90 days" link from the first range (or from the wrong address), then back.
          return resting && context.published === null && (event.query.days === '90' ? queryText(context.query) !== 'days=90' : queryText(context.query) === 'days=90');
        case 'dates.change':
          // Only from the last 30 days as first shown, in the order a person types them.
          if (!resting || hash !== '#/clicks' || queryText(context.query) === 'days=90') return false;
          if (event.field === 'from') return context.dates.from !== FROM && context.published === null;
          if (event.value === WRONG_TO) return context.dates.from === FROM && context.dates.to !== WRONG_TO && context.query.to === undefined;
          return context.query.to === WRONG_TO && context.dates.to === WRONG_TO;
        case 'dates.apply':
          return resting && context.dates.from === FROM && (context.dates.to === WRONG_TO || context.dates.to === RIGHT_TO) && context.query.to !== context.dates.to;
        default:
          return true;
      }
    },
    render: ({ logic, inspect }) => {
      props = consolePageProps();
      return <ClicksPage {...props} query={hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : ''} logic={logic} inspect={inspect} />;
    },
    events: {
      'dates.change': ({ event }) => {
        const { field, value } = event as { field: string; value: string };
        fireEvent.change(control(field), { target: { value } });
      },
      'dates.apply': ({ user }) => user.click(screen.getByRole('button', { name: 'Show these days' })),
      // The range links change the address; the page follows it (as it does the back button).
      'address.restore': ({ event }) => {
        const { query } = event as { query: ClicksQuery };
        const link = screen.getByRole('link', { name: query.days === '90' ? 'Last 90 days' : 'Last 30 days' });
        expect(link).toHaveAttribute('href', `#/clicks?days=${query.days}`);
        window.location.hash = link.getAttribute('href')!;
      },
      'report.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    },
    states: {
      'active.loading': ({ snapshot, fakes }) => {
        expect(status()).toHaveTextContent('Loading the clicks…');
        expect(loadFake(fakes).pending?.input.range).toEqual(askedRange(snapshot.context.query));
        expectDatesShown(snapshot);
      },
      'active.shown': ({ snapshot }) => {
        const shown = snapshot.context.summary!;
        expectDatesShown(snapshot);
        // Once loaded, the fields show the shown days (until the person types others).
        if (snapshot.context.dates.from !== FROM) expect(snapshot.context.dates).toEqual({ from: shown.range.from, to: shown.range.to });
        expect(status()).toHaveTextContent(`${shown.total} clicks from`);
        // Both pictures, each named, each with its numbers as a table.
        const perDay = screen.getByRole('img', { name: /^Clicks per day, / });
        expect(perDay).toHaveAccessibleDescription(new RegExp(`^${shown.total} clicks in all; the most on `));
        const dayTable = screen.getByRole('table', { name: /^Clicks per day, / });
        expect(within(dayTable).getAllByRole('row')).toHaveLength(shown.perDay.length + 1);
        expect(screen.getByRole('img', { name: /^The most followed links, / })).toBeInTheDocument();
        const topTable = screen.getByRole('table', { name: /^The most followed links, / });
        expect(within(topTable).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['LinkedIn (https://www.linkedin.com/company/lumina)', 'Facebook (https://www.facebook.com/lumina)']);
        // A table per page: anchor, target, clicks, first and last click.
        for (const page of shown.pages) {
          const region = screen.getByRole('region', { name: new RegExp(`^${page.page.replaceAll('.', '\\.')} \\(`) });
          const table = within(region).getByRole('table');
          expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Anchor', 'Target', 'Clicks', 'First click', 'Last click']);
          expect(table.querySelectorAll('tbody tr')).toHaveLength(page.links.length);
          expect(table.querySelector('time')).toHaveAttribute('datetime', page.links[0]!.first);
        }
        expect(screen.getByRole('rowheader', { name: 'Picture (https://www.example.co.za/assets/images/fb.webp)' })).toBeInTheDocument();
        // The CSV is the range's.
        const csv = new URL(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')!);
        expect(csv.pathname).toBe('/admin/api/clicks/export.csv');
        expect(csv.search).toBe(`?${queryText(snapshot.context.query)}`);
        const current = screen.queryAllByRole('link', { current: 'page' });
        if (shown.range.days === null) expect(current).toEqual([]);
        else expect(current.map((link) => link.textContent)).toEqual([`Last ${shown.range.days} days`]);
        // Dates the person applied are in the address.
        if (snapshot.context.published !== null) expect(props.navigate).toHaveBeenLastCalledWith(`#/clicks?from=${FROM}&to=${RIGHT_TO}`);
        else expect(props.navigate).not.toHaveBeenCalled();
      },
      'active.empty': ({ snapshot }) => {
        expectDatesShown(snapshot);
        expect(status()).toHaveTextContent('No link clicks from 3 Oct 2026 to 1 Nov 2026.');
        expect(screen.queryByRole('img')).toBeNull();
        expect(screen.queryByRole('table')).toBeNull();
      },
      'active.failed': () => {
        const alert = screen.getByRole('alert');
        expect(alert).toHaveTextContent('The clicks could not be loaded.');
        expect(alert).toHaveTextContent(UNREACHABLE.message);
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
      },
      'active.invalid': ({ snapshot, fakes }) => {
        expectDatesShown(snapshot);
        expect(status()).toHaveTextContent('Correct the range to see the clicks.');
        expect(screen.queryByRole('link', { name: /Export CSV/ })).toBeNull();
        expect(screen.queryByRole('img')).toBeNull();
        expect(loadFake(fakes).pending).toBeUndefined();
        if (snapshot.context.query.days !== undefined) {
          expect(screen.getByRole('alert')).toHaveTextContent('The range is the last 30 or the last 90 days, not "7".');
          expectErrorSummary(document.body, []);
        } else {
          expectFieldError(control('to').closest('.form-group')!, TO_BEFORE_FROM, 'clicks-range-ve-to');
          expectErrorSummary(document.body, [TO_BEFORE_FROM]);
        }
        expect(props.navigate).not.toHaveBeenCalled();
      },
      signedOut: () => {
        expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
      },
    },
  });
}
