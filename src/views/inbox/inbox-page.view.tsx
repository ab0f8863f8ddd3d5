// The inbox (`#/messages`): the filter (form, state, dates, search) with the shared form kit, the
// count announced, the messages as a list of rows (each a link to its `#/messages/<id>`), the pages
// by cursor and the CSV of the current filter. It renders the inboxList machine's state and
// sends it the visitor's changes; the machine's address changes go to the shell's navigate.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { inboxListMachine } from '../../machines/inbox/inbox-list.machine.ts';
import { createInboxClient } from '../../services/inbox/inbox-api.client.ts';
import { filterErrors, filterOfAddress, queryOf, FILTER_FIELDS, type FilterField } from '../../services/inbox/inbox-filter.service.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { INBOX_STATES, SEARCH_MAX, type MessageSummary } from '../../validation/inbox/inbox.protocol.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { ErrorSummary, errorItems, SelectField, TextField } from '../shared/form-fields/index.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import { LoadProblem } from '../shared/load-problem.view.tsx';
import { attachmentCount, DELIVERY_LABEL, spamReasonText, STATE_LABEL } from './inbox-texts.ts';
import '../shared/action-button.css';
import './inbox.css';
import { messageHash } from '../../validation/console/console-hashes.ts';
import { ConsoleTime } from '../shared/console-time.view.tsx';
import { useInboxWatch } from '../shared/inbox-watch-context.ts';
import { ArrivalNotifications } from './inbox-watch.view.tsx';

const FORM_ID = 'inbox-filter';

const FIELD_LABEL: Record<FilterField, string> = {
  form: 'Form',
  state: 'Show',
  from: 'Received from',
  to: 'Received to',
  q: 'Search',
};

export interface InboxPageProps extends ConsolePageProps {
  logic?: typeof inboxListMachine;
  inspect?: (event: InspectionEvent) => void;
}

function MessageRow({ message, timeZone }: { message: MessageSummary; timeZone: string }) {
  return (
    <li className={`inbox-row${message.read ? '' : ' inbox-row--new'}${message.spam ? ' inbox-row--spam' : ''}`}>
      <a className="inbox-row__link" href={messageHash(message.id)}>
        <span className="inbox-row__subject">
          {message.read ? null : <span className="inbox-badge inbox-badge--new">New</span>}
          {message.spam ? <span className="inbox-badge inbox-badge--spam">Spam</span> : null}
          {message.subject || `Message from ${message.name || message.email}`}
        </span>
      </a>
      <span className="inbox-row__sender">
        {message.name} <span className="inbox-row__email">&lt;{message.email}&gt;</span>
      </span>
      {message.spam && message.spamReason ? <span className="inbox-row__reason">Kept as spam: {spamReasonText(message.spamReason)}</span> : null}
      <span className="inbox-row__excerpt">{message.excerpt}</span>
      <span className="inbox-row__facts">
        <ConsoleTime at={message.receivedAt} timeZone={timeZone} />
        <span>{message.form.title}</span>
        {message.attachments > 0 ? <span>{attachmentCount(message.attachments)}</span> : null}
        <span className={`inbox-delivery inbox-delivery--${message.delivery}`}>{DELIVERY_LABEL[message.delivery]}</span>
      </span>
    </li>
  );
}

export function InboxPage({ session, api, onSessionEnded, navigate, logic = inboxListMachine, inspect }: InboxPageProps) {
  const actorRef = useActorRef(logic, { input: { api, filter: filterOfAddress() }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const { context } = snapshot;
  const { filter } = context;
  const busy = snapshot.hasTag('busy');
  // The export is an owner's, as the subscribers' are; the server refuses staff (README.md, "The inbox").
  const owner = session.person.role === 'owner';
  const invalid = snapshot.matches({ active: 'invalid' });
  const errors = invalid ? filterErrors(filter) : {};

  useEmittedFocus(actorRef, 'focus.list', listHeadingRef);
  // A message arrived while the inbox is open: its newest page loads again.
  const watch = useInboxWatch();
  const arrivals = watch?.arrivals ?? 0;
  const seenArrivals = useRef(arrivals);
  useEffect(() => {
    if (arrivals === seenArrivals.current) return;
    seenArrivals.current = arrivals;
    actorRef.send({ type: 'list.refresh' });
  }, [actorRef, arrivals]);
  const counts = watch?.latest?.counts;
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });

  const change = (field: FilterField) => (value: string | string[]) => actorRef.send({ type: 'filter.change', field, value: String(value) });
  const count = context.messages.length;
  const status = busy
    ? 'Loading messages…'
    : snapshot.matches({ active: 'results' })
      ? `${count === 1 ? '1 message' : `${count} messages`}${context.cursor ? ' (older page)' : ''}, newest first.${context.next ? ' There are older messages.' : ''}`
      : snapshot.matches({ active: 'empty' })
        ? 'No messages match this filter.'
        : invalid
          ? 'Correct the dates to see messages.'
          : '';
  const formOptions = [{ value: '', label: 'All forms' }, ...context.forms.map((form) => ({ value: form.id, label: form.title }))];
  // Keep a form chosen in the address even before the server has listed the forms.
  if (filter.form && !formOptions.some((option) => option.value === filter.form)) formOptions.push({ value: filter.form, label: filter.form });

  return (
    <div className="inbox" data-state={JSON.stringify(snapshot.value)}>
      <h1 tabIndex={-1}>Inbox</h1>
      <form className="inbox-filter" role="search" aria-labelledby="inbox-filter-title" noValidate onSubmit={(event) => event.preventDefault()}>
        <h2 id="inbox-filter-title" className="inbox-filter__title">
          Filter messages
        </h2>
        <ErrorSummary formId={FORM_ID} items={errorItems(FORM_ID, FILTER_FIELDS, errors)} summaryRef={summaryRef} headingLevel={3} />
        <div className="inbox-filter__fields">
          <SelectField formId={FORM_ID} name="form" label={FIELD_LABEL.form} options={formOptions} value={filter.form} onChange={change('form')} />
          <SelectField formId={FORM_ID} name="state" label={FIELD_LABEL.state} options={INBOX_STATES.map((state) => ({ value: state, label: counts === undefined ? STATE_LABEL[state] : `${STATE_LABEL[state]} (${counts[state]})` }))} value={filter.state} onChange={change('state')} />
          <TextField formId={FORM_ID} name="from" type="date" label={FIELD_LABEL.from} value={filter.from} error={errors.from} onChange={change('from')} />
          <TextField formId={FORM_ID} name="to" type="date" label={FIELD_LABEL.to} value={filter.to} error={errors.to} onChange={change('to')} />
          <TextField
            formId={FORM_ID}
            name="q"
            label={FIELD_LABEL.q}
            hint="Name, e-mail, company, subject or message text."
            value={filter.q}
            maxLength={SEARCH_MAX}
            spellCheck={false}
            onChange={change('q')}
            kind="search"
          />
        </div>
      </form>

      <ArrivalNotifications />
      <div className="inbox-toolbar">
        <p className="inbox-status" role="status" aria-live="polite" aria-atomic="true">
          {status}
        </p>
        {/* A plain download link, not a machine: the server streams the CSV as an attachment, and the
            browser's own download shows its progress and any failure, by keyboard and to screen readers
            alike, with nothing for the page to track (ARCHITECTURE.md, "The console's inbox in the browser"). */}
        {invalid || !owner ? null : (
          <a className="action-button" href={createInboxClient(api).exportUrl(queryOf(filter))} download>
            Export CSV<span className="visually-hidden"> of the messages of this filter</span>
          </a>
        )}
      </div>

      <h2 id="inbox-results-title" className="inbox-results__title" tabIndex={-1} ref={listHeadingRef}>
        Messages
      </h2>
      {snapshot.matches({ active: 'failed' }) ? <LoadProblem className="inbox-problem" what="The messages" problem={context.problem} onRetry={() => actorRef.send({ type: 'list.retry' })} /> : null}
      {snapshot.matches({ active: 'results' }) || (busy && count > 0) ? (
        <ol className="inbox-list" aria-labelledby="inbox-results-title" aria-busy={busy}>
          {context.messages.map((message) => (
            <MessageRow key={message.id} message={message} timeZone={session.timeZone} />
          ))}
        </ol>
      ) : null}
      {snapshot.matches({ active: 'results' }) && (context.next || context.cursor) ? (
        <nav className="inbox-pages" aria-label="Pages of messages">
          {context.cursor ? (
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'page.newest' })}>
              Newest messages
            </button>
          ) : null}
          {context.next ? (
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'page.older' })}>
              Older messages
            </button>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
