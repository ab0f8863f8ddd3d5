// One subscriber (`#/subscribers/<id>`): status, lists, SMS, attributes and dates, the form,
// the times, a change waiting for confirmation, the Brevo sync, and the whole consent history
// (action, the exact words, when, on which form). An owner may send the confirmation mail again
// (while something waits for it) and unsubscribe the person at their request with a note; each
// asks for confirmation first. It renders the subscriber machine's state and sends it the
// person's choices; results are announced in a status region, refusals as alerts.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import { subscriberMachine } from '../../machines/newsletter/subscriber.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { CONSOLE_HASH } from '../../validation/console/console-hashes.ts';
import { ownerUnsubscribeWording, UNSUBSCRIBE_NOTE_MAX, type Subscriber } from '../../validation/newsletter/subscribers.protocol.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { TextAreaField } from '../shared/form-fields/index.ts';
import { BREVO_NOT_CONNECTED, CONSENT_LABEL, listNames, refusalText, STATUS_LABEL, UNSUBSCRIBE_NOTE_MISSING } from './subscriber-texts.ts';
import '../shared/action-button.css';
import './subscribers.css';
import { ConsoleTime } from '../shared/console-time.view.tsx';
import { mailDeliveryText } from '../shared/mail-texts.ts';

const FORM_ID = 'subscriber-unsubscribe';
export const NOTE_MISSING = UNSUBSCRIBE_NOTE_MISSING;

export interface SubscriberPageProps extends ConsolePageProps {
  subscriberId: number;
  logic?: typeof subscriberMachine;
  inspect?: (event: InspectionEvent) => void;
}

function Facts({ subscriber, timeZone }: { subscriber: Subscriber; timeZone: string }) {
  const time = (value: string | null) => (value === null ? '—' : <ConsoleTime at={value} timeZone={timeZone} />);
  const attributes = Object.entries(subscriber.attributes);
  return (
    <dl className="subscriber-facts">
      <dt>Status</dt>
      <dd>{STATUS_LABEL[subscriber.status]}</dd>
      <dt>Lists</dt>
      <dd>{listNames(subscriber.lists)}</dd>
      <dt>SMS</dt>
      <dd>{subscriber.sms ?? '—'}</dd>
      {attributes.map(([name, value]) => (
        <div key={name} style={{ display: 'contents' }}>
          <dt>
            {subscriber.attributeLabels[name] ?? name}
            {subscriber.attributeLabels[name] === undefined ? null : <span className="subscriber-facts__hint"> (in Brevo: {name})</span>}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
      <dt>Form</dt>
      <dd>{subscriber.form.title || `Form ${subscriber.form.id}`}</dd>
      <dt>Signed up</dt>
      <dd>{time(subscriber.createdAt)}</dd>
      <dt>Confirmed</dt>
      <dd>{time(subscriber.confirmedAt)}</dd>
      <dt>Unsubscribed</dt>
      <dd>{time(subscriber.unsubscribedAt)}</dd>
      <dt>Waiting for confirmation</dt>
      <dd>
        {subscriber.pendingChange === null ? (
          'Nothing'
        ) : (
          <>
            {listNames(subscriber.pendingChange.lists)} from “{subscriber.pendingChange.form.title}”; confirmation mail{' '}
            {subscriber.pendingChange.confirmationMail === null ? 'not sent (the form sends none)' : mailDeliveryText(subscriber.pendingChange.confirmationMail, timeZone)}
          </>
        )}
      </dd>
      <dt>Brevo</dt>
      <dd>
        {!subscriber.brevo.connected ? (
          BREVO_NOT_CONNECTED
        ) : (
          <>
            {subscriber.brevo.syncedAt === null ? 'Not synced yet' : <>Synced {time(subscriber.brevo.syncedAt)}</>}
            {subscriber.brevo.error === null ? null : <> — last error: {subscriber.brevo.error}</>}
          </>
        )}
      </dd>
    </dl>
  );
}

export function SubscriberPage({ session, api, onSessionEnded, subscriberId, logic = subscriberMachine, inspect }: SubscriberPageProps) {
  const owner = session.person.role === 'owner';
  const actorRef = useActorRef(logic, { input: { api, id: subscriberId, owner }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const { context } = snapshot;
  const { subscriber } = context;
  const timeZone = session.timeZone;
  const busy = snapshot.hasTag('busy');

  useEffect(() => {
    const ended = actorRef.on('session.end', () => onSessionEnded());
    return () => ended.unsubscribe();
  }, [actorRef, onSessionEnded]);

  type ShownState = 'idle' | 'confirmingResend' | 'resending' | 'resent' | 'resendRefused' | 'askingNote' | 'confirmingUnsubscribe' | 'unsubscribing' | 'unsubscribed' | 'unsubscribeRefused';
  const at = (state: ShownState) => snapshot.matches({ shown: state });
  const settled = at('idle') || at('resent') || at('resendRefused') || at('unsubscribed') || at('unsubscribeRefused');
  const asking = at('askingNote');
  const noteError = snapshot.matches({ shown: { askingNote: 'noteMissing' } }) ? NOTE_MISSING : undefined;
  const status = snapshot.matches('loading')
    ? 'Loading the subscriber…'
    : at('resending')
      ? 'Sending the confirmation mail…'
      : at('unsubscribing')
        ? 'Unsubscribing…'
        : at('resent')
          ? 'The confirmation mail is queued: its delivery is under “Waiting for confirmation”.'
          : at('unsubscribed')
            ? 'Unsubscribed. The note is in the consent history.'
            : '';
  const refused = at('resendRefused') || at('unsubscribeRefused');

  return (
    <section className="console-page subscriber" aria-labelledby="console-page-title" data-state={JSON.stringify(snapshot.value)}>
      <p>
        <a href={CONSOLE_HASH.subscribers}>All subscribers</a>
      </p>
      <h1 id="console-page-title" tabIndex={-1}>
        {subscriber === null ? 'Subscriber' : subscriber.email}
      </h1>
      <p className="subscribers-status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </p>
      {snapshot.matches('missing') ? <p>There is no such subscriber.</p> : null}
      {snapshot.matches('failed') ? (
        <div className="subscribers-problem" role="alert">
          <p>The subscriber could not be loaded. {context.problem.message}</p>
          <button type="button" className="action-button" onClick={() => actorRef.send({ type: 'load.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {refused ? (
        <div className="subscribers-problem" role="alert">
          <p>
            {at('resendRefused') ? 'The confirmation mail was not sent.' : 'The person was not unsubscribed.'} {refusalText(context.problem)}
          </p>
        </div>
      ) : null}
      {subscriber === null ? null : (
        <>
          <Facts subscriber={subscriber} timeZone={timeZone} />
          {owner && (settled || busy) ? (
            <div className="subscriber-actions">
              {subscriber.pendingChange === null ? null : (
                <button type="button" className="action-button action-button--secondary" aria-disabled={busy} onClick={() => actorRef.send({ type: 'resend.start' })}>
                  Send the confirmation mail again
                </button>
              )}
              {subscriber.status === 'unsubscribed' ? null : (
                <button type="button" className="action-button action-button--danger" aria-disabled={busy} onClick={() => actorRef.send({ type: 'unsubscribe.start' })}>
                  Unsubscribe at their request
                </button>
              )}
            </div>
          ) : null}
          {at('confirmingResend') ? (
            <div className="subscriber-confirm" role="group" aria-labelledby="subscriber-resend-title">
              <h2 id="subscriber-resend-title">Send the confirmation mail again?</h2>
              <p>{subscriber.email} gets the confirmation mail again, with a new link. The sign-up form’s limits apply: not within 10 minutes of the last one, and three a day per mailbox.</p>
              <div className="subscriber-actions">
                <button type="button" className="action-button" onClick={() => actorRef.send({ type: 'resend.confirm' })}>
                  Send it
                </button>
                <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'action.cancel' })}>
                  Cancel
                </button>
              </div>
            </div>
          ) : null}
          {asking ? (
            <form
              className="subscriber-confirm"
              aria-labelledby="subscriber-unsubscribe-title"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                actorRef.send({ type: 'unsubscribe.submit' });
              }}
            >
              <h2 id="subscriber-unsubscribe-title">Unsubscribe at the person’s request</h2>
              <TextAreaField
                formId={FORM_ID}
                name="note"
                label="Note"
                hint={`How and when they asked; kept in the consent history (at most ${UNSUBSCRIBE_NOTE_MAX} characters).`}
                required
                rows={3}
                value={context.note}
                error={noteError}
                onChange={(value) => actorRef.send({ type: 'note.change', value })}
              />
              <div className="subscriber-actions">
                <button type="submit" className="action-button">
                  Continue
                </button>
                <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'action.cancel' })}>
                  Cancel
                </button>
              </div>
            </form>
          ) : null}
          {at('confirmingUnsubscribe') ? (
            <div className="subscriber-confirm" role="group" aria-labelledby="subscriber-unsubscribe-confirm-title">
              <h2 id="subscriber-unsubscribe-confirm-title">Unsubscribe {subscriber.email}?</h2>
              <p>They get no more newsletters; only they can sign up again. The consent history records: “{ownerUnsubscribeWording(context.note)}”.</p>
              <div className="subscriber-actions">
                <button type="button" className="action-button action-button--danger" onClick={() => actorRef.send({ type: 'unsubscribe.confirm' })}>
                  Unsubscribe
                </button>
                <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'action.cancel' })}>
                  Back
                </button>
              </div>
            </div>
          ) : null}
          <h2>Consent history</h2>
          <ol className="subscriber-consents">
            {subscriber.consents.map((consent, index) => (
              <li key={index}>
                <strong>{CONSENT_LABEL[consent.action]}</strong> <ConsoleTime at={consent.at} timeZone={timeZone} />
                {consent.form === null ? null : <> on “{consent.form.title || `form ${consent.form.id}`}”</>}
                {consent.lists.length > 0 ? <> ({listNames(consent.lists)})</> : null}
                <blockquote>{consent.wording}</blockquote>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
