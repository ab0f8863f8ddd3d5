// The enrolment link's page (README.md "The console"): the invitation's address and role, an
// optional name for the passkey, "Create passkey". The enrolment machine holds the behaviour.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { PASSKEY_NAME_MAX } from '../../machines/console-access/console-access.constants.ts';
import { enrolmentMachine } from '../../machines/console-access/enrolment.machine.ts';
import { PASSKEY_FAILURE_TEXT } from '../../services/console-access/passkey-ceremonies.service.ts';
import { CeremonyOutcome } from './ceremony-outcome.view.tsx';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { ErrorSummary, errorItems, TextField } from '../shared/form-fields/index.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { ROLE_NAMES } from './role-names.ts';
import './console-access.css';

export interface EnrolmentPageProps {
  token: string;
  /** The passkey is made and the person signed in. */
  onEnrolled(): void;
  logic?: typeof enrolmentMachine;
  inspect?: (event: InspectionEvent) => void;
}

const FORM_ID = 'console-enrolment';
export const PASSKEY_NAME_ERROR = `Enter a name of ${String(PASSKEY_NAME_MAX)} characters or fewer`;
const ERROR_ID = 'console-enrolment-error';

export function EnrolmentPage({ token, onEnrolled, logic = enrolmentMachine, inspect }: EnrolmentPageProps) {
  const actorRef = useActorRef(logic, { input: { token }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEmittedFocus(actorRef, 'focus.summary', summaryRef);
  useEffect(() => {
    const subscription = actorRef.on('enrolled', () => onEnrolled());
    return () => subscription.unsubscribe();
  }, [actorRef, onEnrolled]);

  const { invitation, name, failure } = snapshot.context;
  const registering = snapshot.matches('registering');
  const nameError = snapshot.matches({ ready: 'nameInvalid' }) ? PASSKEY_NAME_ERROR : undefined;
  const failed = snapshot.matches({ ready: 'failed' });
  const showsForm = (snapshot.matches('ready') || registering) && invitation !== null;

  return (
    <section className="console-page" aria-labelledby="console-page-title">
      <h1 id="console-page-title" tabIndex={-1}>
        {snapshot.matches('invalid') ? 'This link cannot be used' : 'Create your passkey'}
      </h1>
      {snapshot.matches('loading') && (
        <p className="console-status" role="status">
          Reading your invitation…
        </p>
      )}
      {snapshot.matches('invalid') && <p className="console-error">{PASSKEY_FAILURE_TEXT.invitationExpired}</p>}
      {snapshot.matches('unavailable') && failure !== null && (
        <>
          <p className="console-error" role="alert">
            {PASSKEY_FAILURE_TEXT[failure]}
          </p>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'enrolment.retry' })}>
            Try again
          </button>
        </>
      )}
      {showsForm && (
        <form
          className="console-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send({ type: 'enrolment.submit' });
          }}
        >
          <p>
            This invitation is for <strong>{invitation.email}</strong> as {ROLE_NAMES[invitation.role].toLowerCase()}. A passkey stays on your device (or your
            password manager) and signs you in without a password.
          </p>
          <ErrorSummary formId={FORM_ID} items={errorItems(FORM_ID, ['passkey-name'], { 'passkey-name': nameError })} summaryRef={summaryRef} headingLevel={3} />
          <TextField
            formId={FORM_ID}
            name="passkey-name"
            label="Name for this passkey (optional)"
            hint={`For example “Work laptop”. Up to ${String(PASSKEY_NAME_MAX)} characters.`}
            error={nameError}
            value={name}
            autoComplete="off"
            onChange={(value) => actorRef.send({ type: 'enrolment.name.change', value })}
          />
          <button type="submit" className="action-button" disabled={registering} aria-describedby={failed ? ERROR_ID : undefined}>
            Create passkey
          </button>
          <CeremonyOutcome errorId={ERROR_ID} waiting={registering} failure={failed ? failure : null} />
        </form>
      )}
      {snapshot.matches('enrolled') && (
        <p className="console-status" role="status">
          Your passkey is ready. Signing you in…
        </p>
      )}
    </section>
  );
}
