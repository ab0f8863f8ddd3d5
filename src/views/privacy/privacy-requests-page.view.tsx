// The console's privacy page (`#/privacy`, owners; README, "Privacy"): an access or erasure
// request about one person. The owner looks up an e-mail address or SMS number and sees what is
// held (messages and their files, the newsletter subscriber and its consent history, mail
// waiting in the outbox, the Brevo sync, a console account); "Download everything" is the
// access request's archive; "Erase" asks for the address again, then erases it all. It renders
// the personRecords machine's state; results are announced in a status region, refusals as alerts.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import { personRecordsMachine } from '../../machines/privacy/person-records.machine.ts';
import { createPersonRecordsClient } from '../../services/privacy/person-records.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { messageHash, subscriberHash } from '../../validation/console/console-hashes.ts';
import { SUBJECT_MAX_LENGTH, SubjectMessage, type PersonRecords } from '../../validation/privacy/person-records.protocol.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { ConsoleTime } from '../shared/console-time.view.tsx';
import { TextField } from '../shared/form-fields/index.ts';
import '../shared/action-button.css';
import './privacy-requests.css';

const FORM_ID = 'privacy-lookup';
const CONFIRM_FORM_ID = 'privacy-erase';
export const CONFIRM_MISMATCH = 'Type the same address or number as above to confirm.';

export interface PrivacyRequestsPageProps extends ConsolePageProps {
  logic?: typeof personRecordsMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** A subscriber's status as the Subscribers pages say it. */
const SUBSCRIBER_STATUS_WORDS: Readonly<Record<string, string>> = { pending: 'waiting for confirmation', subscribed: 'subscribed', unsubscribed: 'unsubscribed' };

function Held({ records, timeZone }: { records: PersonRecords; timeZone: string }) {
  if (!records.erasable && !records.consoleAccount && records.mentionedIn.length === 0) return <p>Nothing is held about {records.subject}.</p>;
  return (
    <ul className="privacy-held">
      <li>
        {records.messages.length === 0 ? (
          'No messages.'
        ) : (
          <>
            {records.messages.length === 1 ? 'One message' : `${records.messages.length} messages`}:
            <ul>
              {records.messages.map((message) => (
                <li key={message.id}>
                  <a href={messageHash(message.id)}>Message {message.id}</a> through “{message.formTitle}”, received <ConsoleTime at={message.receivedAt} timeZone={timeZone} />
                  {message.spam ? ', held as spam' : ''}
                  {message.files > 0 ? `, ${message.files === 1 ? 'one file' : `${message.files} files`}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </li>
      {records.subscribers.length === 0 ? <li>Not a newsletter subscriber.</li> : null}
      {records.subscribers.map((subscriber) => (
        <li key={subscriber.id}>
          <a href={subscriberHash(subscriber.id)}>Newsletter subscriber {subscriber.email}</a> ({SUBSCRIBER_STATUS_WORDS[subscriber.status] ?? subscriber.status}), {subscriber.consents} consent record{subscriber.consents === 1 ? '' : 's'}
          {subscriber.changeWaiting ? ', a change waiting for confirmation' : ''};{' '}
          {subscriber.brevoSyncedAt === null ? (
            'not in Brevo (or not synced yet)'
          ) : (
            <>
              in Brevo since <ConsoleTime at={subscriber.brevoSyncedAt} timeZone={timeZone} />
            </>
          )}
        </li>
      ))}
      <li>{records.outbox === 0 ? 'No mail or Brevo change waiting about them.' : `${records.outbox} mail or Brevo change${records.outbox === 1 ? '' : 's'} in the outbox about them.`}</li>
      {records.mentionedIn.length === 0 ? null : (
        <li>
          Mentioned in {records.mentionedIn.length === 1 ? 'a message' : `${records.mentionedIn.length} messages`} from someone else (not exported or erased with theirs; review
          {records.mentionedIn.length === 1 ? ' it' : ' them'} in the inbox):{' '}
          {records.mentionedIn.map((message, index) => (
            <span key={message.id}>
              {index === 0 ? '' : ', '}
              <a href={messageHash(message.id)}>Message {message.id}</a> (through “{message.formTitle}”)
            </span>
          ))}
        </li>
      )}
      {records.consoleAccount ? <li>A console account with this address: remove it on the People page; erasing here leaves it.</li> : null}
    </ul>
  );
}

export function PrivacyRequestsPage({ session, api, onSessionEnded, logic = personRecordsMachine, inspect }: PrivacyRequestsPageProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const { context } = snapshot;
  const { records } = context;
  const busy = snapshot.hasTag('busy');

  useEffect(() => {
    const ended = actorRef.on('session.end', () => onSessionEnded());
    return () => ended.unsubscribe();
  }, [actorRef, onSessionEnded]);

  const found = snapshot.matches('found');
  const confirming = snapshot.matches({ found: 'confirming' });
  const status = snapshot.matches('searching')
    ? 'Looking…'
    : snapshot.matches({ found: 'erasing' })
      ? 'Erasing…'
      : snapshot.matches('erased')
        ? `Everything held about ${records?.subject ?? ''} was erased. The audit log records that an erasure happened, not whose.`
        : '';

  return (
    <section className="console-page privacy-requests" aria-labelledby="console-page-title" data-state={JSON.stringify(snapshot.value)}>
      <h1 id="console-page-title" tabIndex={-1}>
        Privacy requests
      </h1>
      <p>When someone asks what the site holds about them, or asks for it to be erased (POPIA), look them up here by their e-mail address or SMS number.</p>
      <form
        className="privacy-lookup"
        aria-label="Look someone up"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({ type: 'search.submit' });
        }}
      >
        <TextField
          formId={FORM_ID}
          name="subject"
          label="E-mail address or SMS number"
          hint="An SMS number starts with + and the country code, like +27 82 555 0123."
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={SUBJECT_MAX_LENGTH}
          required
          value={context.subject}
          error={snapshot.matches('invalid') ? SubjectMessage : undefined}
          onChange={(value) => actorRef.send({ type: 'subject.change', value })}
        />
        <button type="submit" className="action-button" aria-disabled={busy}>
          Look up
        </button>
      </form>
      <p className="privacy-status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </p>
      {snapshot.matches('failed') ? (
        <div className="privacy-problem" role="alert">
          <p>The lookup failed. {context.problem}</p>
          <button type="button" className="action-button" onClick={() => actorRef.send({ type: 'search.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {snapshot.matches({ found: 'refused' }) ? (
        <div className="privacy-problem" role="alert">
          <p>Nothing was erased. {context.problem}</p>
        </div>
      ) : null}
      {found && records !== null ? (
        <div className="privacy-found" aria-labelledby="privacy-found-title">
          <h2 id="privacy-found-title">Held about {records.subject}</h2>
          <Held records={records} timeZone={session.timeZone} />
          {records.erasable ? (
            <div className="privacy-actions">
              <a className="action-button action-button--secondary" href={createPersonRecordsClient(api).exportUrl(records.subject)} download>
                Download everything (access request)
              </a>
              {confirming ? null : (
                <button type="button" className="action-button action-button--danger" aria-disabled={busy} onClick={() => actorRef.send({ type: 'erase.start' })}>
                  Erase everything
                </button>
              )}
            </div>
          ) : null}
          {confirming ? (
            <form
              className="privacy-confirm"
              aria-labelledby="privacy-erase-title"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                actorRef.send({ type: 'erase.submit' });
              }}
            >
              <h2 id="privacy-erase-title">Erase everything held about {records.subject}?</h2>
              <p>
                The messages and their files, the newsletter subscription and its consent history, and the mail waiting about them are deleted for good, and the contact is deleted in Brevo. This
                cannot be undone; download everything first if they also asked for a copy.
              </p>
              <TextField
                formId={CONFIRM_FORM_ID}
                name="confirm"
                label="Type the address or number again"
                type="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={SUBJECT_MAX_LENGTH}
                required
                value={context.confirm}
                error={snapshot.matches({ found: { confirming: 'mismatch' } }) ? CONFIRM_MISMATCH : undefined}
                onChange={(value) => actorRef.send({ type: 'confirm.change', value })}
              />
              <div className="privacy-actions">
                <button type="submit" className="action-button action-button--danger">
                  Erase
                </button>
                <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'erase.cancel' })}>
                  Cancel
                </button>
              </div>
            </form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
