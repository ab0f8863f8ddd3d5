// The inbox (`#/messages`): the filter (form, state, dates, search) with the shared form kit, the
// count announced, the messages as a list of rows (each a link to its `#/messages/<id>`), the pages
// by cursor and the CSV of the current filter. It renders the inboxList machine's state and
// sends it the visitor's changes; the machine's address changes go to the shell's navigate. A
// box on each row and the bulk toolbar (the shared bulkSelection machine) act on several
// messages at once, or on every message of the filter; done, the page shown loads again.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { inboxListMachine } from '../../machines/inbox/inbox-list.machine.ts';
import { bulkSelectionMachine, type BulkTarget } from '../../machines/shared/bulk-selection.machine.ts';
import { createInboxClient } from '../../services/inbox/inbox-api.client.ts';
import { filterErrors, filterOfAddress, hashOf, queryOf, FILTER_FIELDS, type FilterField, type InboxFilter } from '../../services/inbox/inbox-filter.service.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { INBOX_STATES, SEARCH_MAX, type BulkMessageAction, type MessageSummary } from '../../validation/inbox/inbox.protocol.ts';
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
import { BulkToolbar, ChooseRowBox, useBulkSelection, type BulkActionChoice, type BulkSelectionRef } from '../shared/bulk-selection.view.tsx';

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
  /** The selection's machine (a test gives it with its request faked). */
  bulkLogic?: typeof bulkSelectionMachine;
}

/** What can be done to the chosen messages; delete is an owner's, asked first. */
const BULK_ACTIONS: readonly (BulkActionChoice & { action: BulkMessageAction })[] = [
  { action: 'read', label: 'Mark as read', done: 'marked as read' },
  { action: 'unread', label: 'Mark as unread', done: 'marked as unread' },
  { action: 'answered', label: 'Mark as answered', done: 'marked as answered' },
  { action: 'unanswered', label: 'Mark as not answered', done: 'marked as not answered' },
  { action: 'spam', label: 'Mark as spam', done: 'marked as spam' },
  { action: 'not-spam', label: 'Not spam', done: 'released from spam (their mail goes out)' },
  { action: 'delete', label: 'Delete', done: 'deleted', confirm: 'delete them, with their attachments? This cannot be undone.' },
];
const NOUN = { one: 'message', many: 'messages' };

function MessageRow({ message, timeZone, selection, frozen }: { message: MessageSummary; timeZone: string; selection: BulkSelectionRef; frozen: boolean }) {
  const subject = message.subject || `Message from ${message.name || message.email}`;
  return (
    <li className={`inbox-row${message.read ? '' : ' inbox-row--new'}${message.spam ? ' inbox-row--spam' : ''}`}>
      <span className="inbox-row__choose">
        <ChooseRowBox actorRef={selection} id={String(message.id)} label={`Choose: ${subject}, from ${message.name || message.email}`} frozen={frozen} />
      </span>
      <a className="inbox-row__link" href={messageHash(message.id)}>
        <span className="inbox-row__subject">
          {message.read ? null : <span className="inbox-badge inbox-badge--new">New</span>}
          {message.spam ? <span className="inbox-badge inbox-badge--spam">Spam</span> : null}
          {subject}
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

export function InboxPage({ session, api, onSessionEnded, navigate, logic = inboxListMachine, inspect, bulkLogic = bulkSelectionMachine }: InboxPageProps) {
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

  // The selection: the rows of the page shown; another filter or page is another list. "Every
  // message that matches" is the filter applied when the action is asked for.
  const listKey = `${hashOf(filter)}|${context.cursor ?? ''}`;
  // Each list's filter by its key: "every message that matches" is the filter it was chosen on.
  const filters = useRef(new Map<string, InboxFilter>());
  filters.current.set(listKey, filter);
  const client = createInboxClient(api);
  const apply = useCallback(
    async (action: string, target: BulkTarget, _note: string, signal: AbortSignal) => {
      if ('ids' in target) return createInboxClient(api).bulk(action as BulkMessageAction, { ids: target.ids.map(Number) }, signal);
      const matching = filters.current.get(target.list);
      if (matching === undefined) throw new Error('The list has changed since: choose the messages again.');
      return createInboxClient(api).bulk(action as BulkMessageAction, { filter: filterOnly(matching) }, signal);
    },
    [api],
  );
  const recheck = watch?.recheck;
  const listChanged = useCallback(() => {
    actorRef.send({ type: 'list.reload' });
    recheck?.();
  }, [actorRef, recheck]);
  const selection = useBulkSelection({
    apply,
    ids: context.messages.map((message) => String(message.id)),
    listKey,
    onListChanged: listChanged,
    onSessionEnded,
    navigate,
    logic: bulkLogic,
    inspect,
  });
  // Only the filter's own count is known: the state's, when nothing else narrows it.
  const matchingCount = counts !== undefined && !filter.form && !filter.from && !filter.to && !filter.q.trim() ? ((counts as Record<string, number>)[filter.state] ?? null) : null;

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
          <a className="action-button" href={client.exportUrl(queryOf(filter))} download>
            Export CSV<span className="visually-hidden"> of the messages of this filter</span>
          </a>
        )}
      </div>

      <h2 id="inbox-results-title" className="inbox-results__title" tabIndex={-1} ref={listHeadingRef}>
        Messages
      </h2>
      {snapshot.matches({ active: 'failed' }) ? <LoadProblem className="inbox-problem" what="The messages" problem={context.problem} onRetry={() => actorRef.send({ type: 'list.retry' })} /> : null}
      {snapshot.matches({ active: 'results' }) || (busy && count > 0) ? (
        <>
          <BulkToolbar
            actorRef={selection}
            actions={owner ? BULK_ACTIONS : BULK_ACTIONS.filter((choice) => choice.action !== 'delete')}
            noun={NOUN}
            matchingCount={matchingCount}
            exportHref={owner ? (target) => client.exportUrl(queryOf(filter), 'ids' in target ? target.ids.map(Number) : undefined) : undefined}
            frozen={busy}
          />
          <ol className="inbox-list" aria-labelledby="inbox-results-title" aria-busy={busy}>
            {context.messages.map((message) => (
              <MessageRow key={message.id} message={message} timeZone={session.timeZone} selection={selection} frozen={busy} />
            ))}
          </ol>
        </>
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

/** The filter's own fields (no cursor), as a bulk action on every message of it takes them. */
function filterOnly(filter: InboxFilter) {
  const { cursor: _cursor, ...query } = queryOf(filter);
  return query;
}
