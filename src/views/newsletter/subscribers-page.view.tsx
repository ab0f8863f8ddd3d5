// The subscribers list (`#/subscribers?status=…&list=…&q=…&page=…`): the filter (status, list)
// and the address search with the shared form kit, the counts and the result announced, the
// subscribers as a table (status, lists, SMS, dates, form, consent) in a labelled region that
// scrolls sideways on a phone, the pages, and for an owner the two exports, each explained.
// It renders the subscribersList machine's state and sends it the person's changes; the
// machine's address changes go to the shell's navigate, and the address's query comes back as
// the `query` prop.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import { subscribersListMachine } from '../../machines/newsletter/subscribers-list.machine.ts';
import { createSubscribersClient, subscribersQueryOf } from '../../services/newsletter/subscribers-api.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { subscriberHash } from '../../validation/console/console-hashes.ts';
import { SUBSCRIBER_SEARCH_MAX, SUBSCRIBER_STATUSES, type SubscriberSummary } from '../../validation/newsletter/subscribers.protocol.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { SelectField, TextField } from '../shared/form-fields/index.ts';
import { listNames, STATUS_LABEL } from './subscriber-texts.ts';
import '../shared/action-button.css';
import './subscribers.css';
import { ConsoleTime } from '../shared/console-time.view.tsx';

const FORM_ID = 'subscribers-filter';

export interface SubscribersPageProps extends ConsolePageProps {
  query: string;
  logic?: typeof subscribersListMachine;
  inspect?: (event: InspectionEvent) => void;
}

function SubscriberRow({ subscriber, timeZone }: { subscriber: SubscriberSummary; timeZone: string }) {
  const time = (value: string | null) => (value === null ? '—' : <ConsoleTime at={value} timeZone={timeZone} />);
  return (
    <tr>
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

export function SubscribersPage({ session, api, onSessionEnded, navigate, query, logic = subscribersListMachine, inspect }: SubscribersPageProps) {
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
      {page !== null && (snapshot.matches({ active: 'results' }) || (busy && shown > 0)) ? (
        <div className="subscribers-table" role="region" aria-labelledby="subscribers-table-caption" tabIndex={0}>
          <table className="console-table" aria-busy={busy}>
            <caption id="subscribers-table-caption">Subscribers, newest first</caption>
            <thead>
              <tr>
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
                <SubscriberRow key={subscriber.id} subscriber={subscriber} timeZone={session.timeZone} />
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
