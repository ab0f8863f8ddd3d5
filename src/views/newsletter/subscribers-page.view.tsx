// The subscribers list (`#/subscribers?status=…&list=…&q=…&page=…`): the filter (status, list)
// and the address search with the shared form kit, the counts and the result announced, the
// subscribers as a table (status, lists, SMS, dates, form, consent) in a labelled region that
// scrolls sideways on a phone, the pages, and for an owner the two exports, each explained, and
// a box on each row with the bulk toolbar (the shared bulkSelection machine): unsubscribe the
// chosen at their request with one note, or export them.
// It renders the subscribersList machine's state and sends it the person's changes; the
// machine's address changes go to the shell's navigate, and the address's query comes back as
// the `query` prop.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { subscribersListMachine } from '../../machines/newsletter/subscribers-list.machine.ts';
import { bulkSelectionMachine, type BulkTarget } from '../../machines/shared/bulk-selection.machine.ts';
import { createSubscribersClient, subscribersHash, subscribersQueryOf } from '../../services/newsletter/subscribers-api.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { subscriberHash } from '../../validation/console/console-hashes.ts';
import { SUBSCRIBER_SEARCH_MAX, SUBSCRIBER_STATUSES, UNSUBSCRIBE_NOTE_MAX, type BulkSubscriberAction, type SubscriberSummary, type SubscribersQuery } from '../../validation/newsletter/subscribers.protocol.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { SelectField, TextField } from '../shared/form-fields/index.ts';
import { listNames, STATUS_LABEL, UNSUBSCRIBE_NOTE_MISSING } from './subscriber-texts.ts';
import { BulkToolbar, ChooseRowBox, useBulkSelection, type BulkActionChoice, type BulkSelectionRef } from '../shared/bulk-selection.view.tsx';
import '../shared/action-button.css';
import './subscribers.css';
import { ConsoleTime } from '../shared/console-time.view.tsx';

const FORM_ID = 'subscribers-filter';

export interface SubscribersPageProps extends ConsolePageProps {
  query: string;
  logic?: typeof subscribersListMachine;
  inspect?: (event: InspectionEvent) => void;
  /** The selection's machine (a test gives it with its request faked). */
  bulkLogic?: typeof bulkSelectionMachine;
}

/** What an owner can do to the chosen subscribers: unsubscribe them at their request, with one note. */
const BULK_ACTIONS: readonly (BulkActionChoice & { action: BulkSubscriberAction })[] = [
  {
    action: 'unsubscribe',
    label: 'Unsubscribe at their request',
    done: 'unsubscribed',
    note: {
      question: 'unsubscribe them at their request? They get no more newsletters; only they can sign up again.',
      label: 'Note',
      hint: `How and when they asked; kept in each one’s consent history (at most ${UNSUBSCRIBE_NOTE_MAX} characters).`,
      max: UNSUBSCRIBE_NOTE_MAX,
      missing: UNSUBSCRIBE_NOTE_MISSING,
    },
  },
];
const NOUN = { one: 'subscriber', many: 'subscribers' };

function SubscriberRow({ subscriber, timeZone, selection, frozen }: { subscriber: SubscriberSummary; timeZone: string; selection: BulkSelectionRef | null; frozen: boolean }) {
  const time = (value: string | null) => (value === null ? '—' : <ConsoleTime at={value} timeZone={timeZone} />);
  return (
    <tr>
      {selection === null ? null : (
        <td className="subscribers-choose" data-label="Choose">
          <ChooseRowBox actorRef={selection} id={String(subscriber.id)} label={`Choose ${subscriber.email}`} frozen={frozen} />
        </td>
      )}
      <th scope="row" data-label="Address">
        <a href={subscriberHash(subscriber.id)}>{subscriber.email}</a>
      </th>
      <td data-label="Status">
        <span className={`subscriber-status subscriber-status--${subscriber.status}`}>{STATUS_LABEL[subscriber.status]}</span>
        {subscriber.changePending && subscriber.status !== 'pending' ? <span className="subscribers-note"> (a change waits for confirmation)</span> : null}
      </td>
      <td data-label="Lists">{listNames(subscriber.lists)}</td>
      <td data-label="SMS">{subscriber.sms ?? '—'}</td>
      <td data-label="Signed up">{time(subscriber.createdAt)}</td>
      <td data-label="Confirmed or left">{subscriber.status === 'unsubscribed' ? time(subscriber.unsubscribedAt) : time(subscriber.confirmedAt)}</td>
      <td data-label="Form">{subscriber.form.title || `Form ${subscriber.form.id}`}</td>
      <td className="subscribers-consent" data-label="Consent">
        {subscriber.consent === null ? (
          'No consent recorded'
        ) : (
          <>
            “{subscriber.consent.wording}” — {time(subscriber.consent.at)}
          </>
        )}
      </td>
    </tr>
  );
}

export function SubscribersPage({ session, api, onSessionEnded, navigate, query, logic = subscribersListMachine, inspect, bulkLogic = bulkSelectionMachine }: SubscribersPageProps) {
  const actorRef = useActorRef(logic, { input: { api, query: subscribersQueryOf(query) }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const owner = session.person.role === 'owner';

  useEffect(() => {
    const address = actorRef.on('address.change', (event) => navigate(event.hash));
    const ended = actorRef.on('session.end', () => onSessionEnded());
    return () => {
      address.unsubscribe();
      ended.unsubscribe();
    };
  }, [actorRef, navigate, onSessionEnded]);
  // The address's query (back, forward, a link) is the list's.
  useEffect(() => {
    actorRef.send({ type: 'query.change', query: subscribersQueryOf(query) });
  }, [actorRef, query]);

  const page = context.page;
  const counts = page?.counts;

  // The selection (an owner's: every subscriber action is): the rows of the page shown; another
  // filter or page is another list. "Every subscriber that matches" is the filter applied when
  // the action is asked for.
  const listKey = subscribersHash(context.query);
  // Each list's query by its key: "every subscriber that matches" is the filter it was chosen on.
  const queries = useRef(new Map<string, SubscribersQuery>());
  queries.current.set(listKey, context.query);
  const apply = useCallback(
    async (action: string, target: BulkTarget, note: string, signal: AbortSignal) => {
      if ('ids' in target) return createSubscribersClient(api).bulk(action as BulkSubscriberAction, { ids: target.ids.map(Number) }, note, signal);
      const matching = queries.current.get(target.list);
      if (matching === undefined) throw new Error('The list has changed since: choose the subscribers again.');
      return createSubscribersClient(api).bulk(action as BulkSubscriberAction, { filter: filterOnly(matching) }, note, signal);
    },
    [api],
  );
  const listChanged = useCallback(() => actorRef.send({ type: 'list.reload' }), [actorRef]);
  const selection = useBulkSelection({
    apply,
    ids: (page?.subscribers ?? []).map((subscriber) => String(subscriber.id)),
    listKey,
    onListChanged: listChanged,
    onSessionEnded,
    navigate,
    logic: bulkLogic,
    inspect,
  });
  // The filter's count: its status's, or every status's (the counts are of the filter's list and search).
  const matchingCount = counts === undefined ? null : context.query.status !== undefined ? counts[context.query.status] : SUBSCRIBER_STATUSES.reduce((sum, value) => sum + counts[value], 0);
  const shown = page?.subscribers.length ?? 0;
  const status = busy
    ? 'Loading subscribers…'
    : snapshot.matches({ active: 'results' }) && page !== null
      ? `${shown === 1 ? '1 subscriber' : `${shown} subscribers`} shown, page ${page.page} of ${page.pages}.`
      : snapshot.matches({ active: 'empty' })
        ? 'No subscribers match this filter.'
        : '';
  const exports = createSubscribersClient(api).exportUrls(context.query);
  const listOptions = [{ value: '', label: 'All lists' }, ...(page?.lists ?? []).map((list) => ({ value: String(list.id), label: list.label }))];
  if (context.query.list !== undefined && !listOptions.some((option) => option.value === context.query.list)) listOptions.push({ value: context.query.list, label: `List ${context.query.list}` });
  const statusOptions = [{ value: '', label: 'Every status' }, ...SUBSCRIBER_STATUSES.map((value) => ({ value, label: `${STATUS_LABEL[value]}${counts ? ` (${counts[value]})` : ''}` }))];

  return (
    <section className="console-page subscribers" aria-labelledby="console-page-title" data-state={JSON.stringify(snapshot.value)}>
      <h1 id="console-page-title" tabIndex={-1}>
        Subscribers
      </h1>
      <form
        className="subscribers-filter"
        role="search"
        aria-labelledby="subscribers-filter-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({ type: 'search.submit' });
        }}
      >
        <h2 id="subscribers-filter-title" className="subscribers-filter__title">
          Filter subscribers
        </h2>
        <div className="subscribers-filter__fields">
          <SelectField formId={FORM_ID} name="status" label="Status" options={statusOptions} value={context.query.status ?? ''} onChange={(value) => actorRef.send({ type: 'filter.change', field: 'status', value: String(value) })} />
          <SelectField formId={FORM_ID} name="list" label="List" options={listOptions} value={context.query.list ?? ''} onChange={(value) => actorRef.send({ type: 'filter.change', field: 'list', value: String(value) })} />
          <TextField
            formId={FORM_ID}
            name="q"
            label="Search by address"
            hint="Part of an e-mail address."
            value={context.search}
            maxLength={SUBSCRIBER_SEARCH_MAX}
            spellCheck={false}
            onChange={(value) => actorRef.send({ type: 'search.change', value })}
            kind="search"
          />
          <button type="submit" className="action-button subscribers-filter__search">
            Search
          </button>
        </div>
      </form>

      <p className="subscribers-status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </p>

      {owner ? (
        <section className="subscribers-exports" aria-labelledby="subscribers-exports-title">
          <h2 id="subscribers-exports-title">Export</h2>
          <p>Both files hold the people of this filter (every page).</p>
          <ul>
            <li>
              <a className="action-button action-button--secondary" href={exports.spreadsheet} download>
                Export for a spreadsheet
              </a>
              <span>For a spreadsheet: every column, with each person’s consent, safe to open in Excel (cells that a spreadsheet would run as a formula start with ').</span>
            </li>
            <li>
              <a className="action-button action-button--secondary" href={exports.mailingService} download>
                Export for a mailing service
              </a>
              <span>For a mailing service: Brevo’s import columns, only subscribed people, numbers as Brevo expects (+27…) — do not open and re-save it in a spreadsheet.</span>
            </li>
          </ul>
        </section>
      ) : null}

      {snapshot.matches({ active: 'failed' }) ? (
        <div className="subscribers-problem" role="alert">
          <p>The subscribers could not be loaded. {context.problem}</p>
          <button type="button" className="action-button" onClick={() => actorRef.send({ type: 'list.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {owner && page !== null && (snapshot.matches({ active: 'results' }) || (busy && shown > 0)) ? (
        <BulkToolbar actorRef={selection} actions={BULK_ACTIONS} noun={NOUN} matchingCount={matchingCount} exportHref={(target) => createSubscribersClient(api).exportUrls(context.query, 'ids' in target ? target.ids.map(Number) : undefined).spreadsheet} frozen={busy} />
      ) : null}
      {page !== null && (snapshot.matches({ active: 'results' }) || (busy && shown > 0)) ? (
        <div className="subscribers-table" role="region" aria-labelledby="subscribers-table-caption" tabIndex={0}>
          <table className="console-table" aria-busy={busy}>
            <caption id="subscribers-table-caption">Subscribers, newest first</caption>
            <thead>
              <tr>
                {owner ? (
                  <th scope="col">
                    <span className="visually-hidden">Choose</span>
                  </th>
                ) : null}
                <th scope="col">Address</th>
                <th scope="col">Status</th>
                <th scope="col">Lists</th>
                <th scope="col">SMS</th>
                <th scope="col">Signed up</th>
                <th scope="col">Confirmed or left</th>
                <th scope="col">Form</th>
                <th scope="col">Consent</th>
              </tr>
            </thead>
            <tbody>
              {page.subscribers.map((subscriber) => (
                <SubscriberRow key={subscriber.id} subscriber={subscriber} timeZone={session.timeZone} selection={owner ? selection : null} frozen={busy} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {snapshot.matches({ active: 'results' }) && page !== null && page.pages > 1 ? (
        <nav className="subscribers-pages" aria-label="Pages of subscribers">
          {page.page > 1 ? (
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'page.go', page: page.page - 1 })}>
              Previous page
            </button>
          ) : null}
          {page.page < page.pages ? (
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'page.go', page: page.page + 1 })}>
              Next page
            </button>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** The filter's own fields (no page), as a bulk action on every subscriber of it takes them. */
function filterOnly(query: SubscribersQuery) {
  const { page: _page, ids: _ids, ...filter } = query;
  return filter;
}
