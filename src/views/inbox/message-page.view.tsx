// One message (`#/messages/<id>`): every field with its form's label, the page it was sent from,
// when it came (the company's time zone), its attachments as downloads, its mail's delivery and
// the actions the person's role allows, each announced when done or failed. It renders the
// message machine's state; deleting goes back to the list through the shell's navigate.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { messageMachine } from '../../machines/inbox/message.machine.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { NOTE_MAX, type Delivery, type Message, type MessageField } from '../../validation/inbox/inbox.protocol.ts';
import { TextAreaField } from '../shared/form-fields/index.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { LoadProblem } from '../shared/load-problem.view.tsx';
import { useInboxWatch } from '../shared/inbox-watch-context.ts';
import { byteSize, DONE_TEXT, FAILED_TEXT, messageHeading, replyLink, spamReasonText, telephoneLink } from './inbox-texts.ts';
import { mailRetryText } from '../shared/mail-texts.ts';
import '../shared/action-button.css';
import './inbox.css';
import { CONSOLE_HASH } from '../../validation/console/console-hashes.ts';
import { ConsoleTime } from '../shared/console-time.view.tsx';

export interface MessagePageProps extends ConsolePageProps {
  messageId: number;
  logic?: typeof messageMachine;
  inspect?: (event: InspectionEvent) => void;
}

const LIST_ROUTE = CONSOLE_HASH.messages;

function DeliveryText({ delivery, timeZone }: { delivery: Delivery; timeZone: string }) {
  const at = (iso: string | null) => (iso ? <ConsoleTime at={iso} timeZone={timeZone} /> : null);
  const attempts = delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`;
  switch (delivery.state) {
    case 'none':
      return <p>Not mailed: the message is kept as spam.</p>;
    case 'sent':
      return <p>Sent {delivery.sentAt ? <>at {at(delivery.sentAt)}</> : null} (the mail server accepted it).</p>;
    case 'queued':
      // "Sent" only of mail the mail server accepted (README.md, "Mail health"): waiting, or failing since it was queued.
      return (
        <>
          <p>
            {delivery.lastError ? 'Failing' : 'Waiting to be sent'}
            {delivery.queuedAt ? <> since {at(delivery.queuedAt)}</> : null} ({attempts} so far)
            {delivery.nextAttemptAt ? <>; next attempt at {at(delivery.nextAttemptAt)}</> : null}.
          </p>
          {delivery.lastError ? <p className="message-delivery__error">The mail server answered: {delivery.lastError}</p> : null}
        </>
      );
    case 'failed':
      return (
        <>
          <p>Held: given up on after {attempts}; it is no longer tried by itself. “Try again now” tries it again.</p>
          {delivery.lastError ? <p className="message-delivery__error">The mail server answered: {delivery.lastError}</p> : null}
        </>
      );
  }
}

const NOTE_FORM_ID = 'message-note';
export const NOTE_MISSING = 'Write the note before adding it.';

/** A field's value as the owner reads it: an agreement box as ticked (with the words agreed to) or not. */
function fieldValueText(field: MessageField): string {
  if (field.agreement === undefined) return field.value || '—';
  return field.value === '' ? 'Not ticked' : `Ticked: “${field.agreement}”`;
}

/**
 * A field's value; the sender's address is a link that starts a reply in the owner's mail
 * program (subject "Re: …", the message quoted below), their number a link that calls it.
 */
function FieldValue({ field, message }: { field: MessageField; message: Message }) {
  const text = fieldValueText(field);
  const value = field.value.trim();
  if (value === '' || message.spam) return <>{text}</>;
  if (field.part === 'email') {
    return (
      <a href={replyLink(message, value)} aria-label={`Reply to ${value} by e-mail`}>
        {text}
      </a>
    );
  }
  const dialled = field.part === 'phone' ? telephoneLink(value) : null;
  return dialled === null ? <>{text}</> : <a href={dialled}>{text}</a>;
}

function MessageFacts({ message, timeZone }: { message: Message; timeZone: string }) {
  return (
    <>
      <dl className="message-fields">
        <div>
          <dt>Form</dt>
          <dd>{message.form.title}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>
            <ConsoleTime at={message.receivedAt} timeZone={timeZone} />
          </dd>
        </div>
        <div>
          <dt>Answered</dt>
          <dd>
            {message.answered === null ? (
              'Not yet'
            ) : (
              <>
                <ConsoleTime at={message.answered.at} timeZone={timeZone} /> by {message.answered.by}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Sent from</dt>
          <dd>{message.page ? <a href={message.page}>{message.page}</a> : 'Not known'}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>
            {message.spam ? `Spam${message.spamReason ? `: ${spamReasonText(message.spamReason)}` : ''}` : message.read ? 'Read' : 'New'}
          </dd>
        </div>
        {message.fields.map((field) => (
          <div key={field.name}>
            <dt>{field.label}</dt>
            <dd className="message-fields__value">
              <FieldValue field={field} message={message} />
            </dd>
          </div>
        ))}
      </dl>
      <h2>Attachments</h2>
      {message.attachments.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="message-attachments">
          {message.attachments.map((file) => (
            <li key={file.id}>
              {/* download: saved, never opened in the console (the server also answers it as an attachment). */}
              <a href={file.url} download={file.name}>
                {file.name}
              </a>{' '}
              ({byteSize(file.size)}, {file.mediaType})
            </li>
          ))}
        </ul>
      )}
      <h2>Delivery</h2>
      <div className="message-delivery">
        <DeliveryText delivery={message.delivery} timeZone={timeZone} />
      </div>
    </>
  );
}

export function MessagePage({ session, api, onSessionEnded, navigate, messageId, logic = messageMachine, inspect }: MessagePageProps) {
  const actorRef = useActorRef(logic, { input: { api, id: messageId, owner: session.person.role === 'owner' }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const { context } = snapshot;
  const { message } = context;
  const busy = snapshot.hasTag('busy');

  useEmittedFocus(actorRef, 'focus.status', statusRef);
  useEmittedFocus(actorRef, 'focus.confirm', confirmRef);
  useEmittedFocus(actorRef, 'focus.delete', deleteRef);
  useEffect(() => {
    const list = actorRef.on('list.open', () => navigate(LIST_ROUTE));
    const ended = actorRef.on('session.end', () => onSessionEnded());
    return () => {
      list.unsubscribe();
      ended.unsubscribe();
    };
  }, [actorRef, navigate, onSessionEnded]);

  // The message read, answered or (not) spam now: the console's counts follow at once.
  const watch = useInboxWatch();
  const recheck = watch?.recheck;
  const standing = message === null ? null : `${message.read}|${message.spam}|${message.answered !== null}`;
  const firstStanding = useRef(standing);
  useEffect(() => {
    if (standing === null || standing === firstStanding.current) return;
    firstStanding.current = standing;
    recheck?.();
  }, [standing, recheck]);

  const back = (
    <p className="message-back">
      <a href={LIST_ROUTE}>Back to the inbox</a>
    </p>
  );

  if (snapshot.matches('missing')) {
    return (
      <div className="message-page" data-state="missing">
        {back}
        <h1 tabIndex={-1}>Message not found</h1>
        <p>This message no longer exists.</p>
      </div>
    );
  }
  if (!message || snapshot.matches('loading') || snapshot.matches('failed') || snapshot.matches('signedOut') || snapshot.matches('deleted')) {
    return (
      <div className="message-page" data-state={JSON.stringify(snapshot.value)} aria-busy={busy}>
        {back}
        <h1 tabIndex={-1}>Message</h1>
        {snapshot.matches('failed') ? (
          <LoadProblem className="inbox-problem" what="The message" problem={context.problem} onRetry={() => actorRef.send({ type: 'message.reload' })} />
        ) : (
          <p role="status">{snapshot.matches('deleted') ? DONE_TEXT.delete : 'Loading the message…'}</p>
        )}
      </div>
    );
  }

  const heading = messageHeading(message);
  const done = snapshot.matches({ shown: { ready: 'done' } });
  const retrying = snapshot.matches({ shown: 'retrying' });
  const retried = snapshot.matches({ shown: { ready: 'retried' } });
  const failed = snapshot.matches({ shown: { ready: 'failed' } });
  const confirming = snapshot.matches({ shown: 'confirming' });
  const action = (type: Parameters<typeof actorRef.send>[0]['type'], label: string, extra?: { ref?: typeof deleteRef; className?: string; describedBy?: string }) =>
    snapshot.can({ type } as Parameters<typeof actorRef.send>[0]) || (busy && !confirming) ? (
      <button
        type="button"
        ref={extra?.ref}
        className={`action-button${extra?.className ? ` ${extra.className}` : ''}`}
        aria-describedby={extra?.describedBy}
        aria-disabled={busy || undefined}
        onClick={() => actorRef.send({ type } as Parameters<typeof actorRef.send>[0])}
      >
        {label}
      </button>
    ) : null;

  return (
    <div className="message-page" data-state={JSON.stringify(snapshot.value)} aria-busy={busy}>
      {back}
      <h1 tabIndex={-1}>{heading}</h1>
      <p ref={statusRef} tabIndex={-1} className={`message-status${failed || snapshot.matches({ shown: { ready: { retried: 'failed' } } }) ? ' message-status--failed' : ''}`} role="status" aria-live="polite">
        {snapshot.matches('opening')
          ? 'Marking it as read…'
          : retrying
            ? 'Trying its mail now: waiting for the mail server’s answer…'
            : busy
              ? 'Working…'
              : retried && context.retry !== null
                ? mailRetryText(context.retry, session.timeZone)
                : done && context.command !== 'retry'
                  ? DONE_TEXT[context.command]
                  : failed
                    ? `${FAILED_TEXT[context.command]} ${context.problem}`
                    : ''}
      </p>
      <MessageFacts message={message} timeZone={session.timeZone} />
      <h2 id="message-notes-title">Notes</h2>
      {message.notes.length === 0 ? (
        <p>No notes yet. Notes are for the company only: the sender never sees them.</p>
      ) : (
        <ol className="message-notes" aria-labelledby="message-notes-title">
          {message.notes.map((note) => (
            <li key={note.id}>
              <p className="message-notes__meta">
                <ConsoleTime at={note.at} timeZone={session.timeZone} />, {note.by}
              </p>
              <p className="message-notes__text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="message-note-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({ type: 'note.submit' });
        }}
      >
        <TextAreaField
          formId={NOTE_FORM_ID}
          name="note"
          label="Add a note"
          hint={`For the company only (at most ${NOTE_MAX} characters): kept with the message, in its export, and deleted with it.`}
          rows={3}
          value={context.note}
          error={snapshot.matches({ shown: { ready: 'noteMissing' } }) ? NOTE_MISSING : undefined}
          onChange={(value) => actorRef.send({ type: 'note.change', value })}
        />
        <button type="submit" className="action-button action-button--secondary" aria-disabled={busy || undefined}>
          Add note
        </button>
      </form>
      <h2>Actions</h2>
      {confirming ? (
        <div className="message-confirm" role="group" aria-labelledby="message-confirm-text">
          <p id="message-confirm-text">
            Delete “{heading}”, received {formatConsoleTime(message.receivedAt, session.timeZone)}? Its attachments are deleted with it. This cannot be undone.
          </p>
          <button type="button" ref={confirmRef} className="action-button action-button--danger" onClick={() => actorRef.send({ type: 'delete.confirm' })}>
            Delete message
          </button>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'delete.cancel' })}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="message-actions">
          {message.read ? action('message.markUnread', 'Mark as unread') : action('message.markRead', 'Mark as read')}
          {message.answered === null ? action('message.markAnswered', 'Mark as answered') : action('message.markUnanswered', 'Mark as not answered')}
          {message.spam ? action('message.release', 'Not spam', { describedBy: 'message-release-hint' }) : action('message.markSpam', 'Mark as spam')}
          {message.delivery.state === 'queued' || message.delivery.state === 'failed' ? action('message.retry', 'Try again now') : null}
          {session.person.role === 'owner' ? action('message.delete', 'Delete', { ref: deleteRef, className: 'action-button--danger' }) : null}
          {message.spam ? (
            <p id="message-release-hint" className="message-actions__hint">
              Not spam releases it: its mail goes out to the company’s inbox.
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
