// The account page (README.md "The console"): one's passkeys with when each was created and
// last used (in the company's time zone), another one added (after a passkey sign-in from the
// last 5 minutes: else the page asks for one, "Sign in again with your passkey"), one removed
// (never the last), and "Sign out everywhere". The account machine holds the passkeys'
// behaviour; signing out is the shell's session machine's, reached through `onSignOutEverywhere`.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { accountMachine } from '../../machines/console-access/account.machine.ts';
import { PASSKEY_NAME_MAX } from '../../machines/console-access/console-access.constants.ts';
import { PASSKEY_FAILURE_TEXT } from '../../services/console-access/passkey-ceremonies.service.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { ErrorSummary, errorItems, TextField } from '../shared/form-fields/index.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { PASSKEY_NAME_ERROR } from './enrolment-page.view.tsx';
import { ROLE_NAMES } from './role-names.ts';
import './console-access.css';

export interface AccountPageProps extends ConsolePageProps {
  onSignOutEverywhere(): void;
  logic?: typeof accountMachine;
  inspect?: (event: InspectionEvent) => void;
}

const FORM_ID = 'console-account';
const SIGN_IN_AGAIN_ID = 'console-account-sign-in-again';

export function AccountPage({ session, onSessionEnded, onSignOutEverywhere, logic = accountMachine, inspect }: AccountPageProps) {
  const actorRef = useActorRef(logic, { inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEmittedFocus(actorRef, 'focus.summary', summaryRef);
  useEffect(() => {
    const subscription = actorRef.on('session.ended', () => onSessionEnded());
    return () => subscription.unsubscribe();
  }, [actorRef, onSessionEnded]);

  const { passkeys, name, failure } = snapshot.context;
  const busy = snapshot.matches('adding') || snapshot.matches('removing') || snapshot.matches('signingInAgain');
  const signInNeeded = snapshot.matches({ listed: 'signInNeeded' });
  const showsList = snapshot.matches('listed') || busy;
  const nameError = snapshot.matches({ listed: 'nameInvalid' }) ? PASSKEY_NAME_ERROR : undefined;
  const time = (iso: string) => formatConsoleTime(iso, session.timeZone);
  let status = '';
  if (snapshot.matches('loading')) status = 'Loading your passkeys…';
  else if (snapshot.matches('adding')) status = 'Waiting for your new passkey…';
  else if (snapshot.matches('removing')) status = 'Removing the passkey…';
  else if (snapshot.matches('signingInAgain')) status = 'Waiting for your passkey…';
  else if (snapshot.matches({ listed: 'signedInAgain' })) status = 'Signed in again. Add your new passkey within 5 minutes.';
  else if (snapshot.matches({ listed: 'added' })) status = 'Passkey added.';
  else if (snapshot.matches({ listed: 'removed' })) status = 'Passkey removed.';

  return (
    <section className="console-page" aria-labelledby="console-page-title">
      <h1 id="console-page-title" tabIndex={-1}>
        Your account
      </h1>
      <p>
        Signed in as <strong>{session.person.email}</strong> ({ROLE_NAMES[session.person.role].toLowerCase()}).
      </p>

      <h2>Passkeys</h2>
      <p className="console-status" role="status">
        {status}
      </p>
      {(snapshot.matches('unavailable') || snapshot.matches({ listed: 'failed' })) && failure !== null && (
        <p className="console-error" role="alert">
          {PASSKEY_FAILURE_TEXT[failure]}
        </p>
      )}
      {snapshot.matches('unavailable') && (
        <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'account.retry' })}>
          Try again
        </button>
      )}
      {showsList && (
        <>
          <ul className="console-passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="console-passkeys__item">
                <h3 className="console-passkeys__name">{passkey.name}</h3>
                <p>
                  Created {time(passkey.createdAt)}. {passkey.lastUsedAt === null ? 'Not used yet.' : `Last used ${time(passkey.lastUsedAt)}.`}
                </p>
                <button
                  type="button"
                  className="action-button action-button--secondary"
                  disabled={busy}
                  aria-label={`Remove the passkey “${passkey.name}”`}
                  onClick={() => actorRef.send({ type: 'account.remove', id: passkey.id })}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <h2>Add a passkey</h2>
          <form
            className="console-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actorRef.send({ type: 'account.add' });
            }}
          >
            <p>
              Add one for each device you sign in from; a passkey in a password manager works on every device it syncs to. If you signed in more than 5 minutes
              ago, you are asked to sign in again with a passkey you have first.
            </p>
            <ErrorSummary formId={FORM_ID} items={errorItems(FORM_ID, ['passkey-name'], { 'passkey-name': nameError })} summaryRef={summaryRef} headingLevel={3} />
            <TextField
              formId={FORM_ID}
              name="passkey-name"
              label="Name for the new passkey (optional)"
              hint={`For example “Phone”. Up to ${String(PASSKEY_NAME_MAX)} characters.`}
              error={nameError}
              value={name}
              autoComplete="off"
              onChange={(value) => actorRef.send({ type: 'account.name.change', value })}
            />
            <button type="submit" className="action-button action-button--secondary" disabled={busy}>
              Add a passkey
            </button>
            {/* Beside the button it is about: adding needs a passkey sign-in from the last 5 minutes. */}
            {signInNeeded && failure !== null && (
              <>
                <p className="console-error" id={SIGN_IN_AGAIN_ID} role="alert">
                  {PASSKEY_FAILURE_TEXT[failure]}
                </p>
                <button type="button" className="action-button action-button--secondary" aria-describedby={SIGN_IN_AGAIN_ID} onClick={() => actorRef.send({ type: 'account.signInAgain' })}>
                  Sign in again with your passkey
                </button>
              </>
            )}
          </form>
        </>
      )}

      <h2>Sign out everywhere</h2>
      <p>Ends every session of yours, on this device and on every other one.</p>
      <button type="button" className="action-button action-button--secondary" onClick={onSignOutEverywhere}>
        Sign out everywhere
      </button>
    </section>
  );
}
