// The console's sign-in page (README.md "The console"): a passkey, by the button or by the
// browser's passkey autofill on the address field where the browser offers it. The signIn
// machine holds the behaviour; why the person is signed out (session ended, signed out) is the
// shell's to say, passed as `notice`.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import { signInMachine } from '../../machines/console-access/sign-in.machine.ts';
import { PASSKEY_FAILURE_TEXT } from '../../services/console-access/passkey-ceremonies.service.ts';
import { CeremonyOutcome } from './ceremony-outcome.view.tsx';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import './console-access.css';

export interface SignInPageProps {
  /** Said above the button: why the person is here ("Your session has ended. Sign in again."). */
  notice: string | null;
  onSignedIn(): void;
  logic?: typeof signInMachine;
  inspect?: (event: InspectionEvent) => void;
}

const ERROR_ID = 'console-sign-in-error';

export function SignInPage({ notice, onSignedIn, logic = signInMachine, inspect }: SignInPageProps) {
  const actorRef = useActorRef(logic, { inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  useEffect(() => {
    const subscription = actorRef.on('signed.in', () => onSignedIn());
    return () => subscription.unsubscribe();
  }, [actorRef, onSignedIn]);

  const unsupported = snapshot.matches('unsupported');
  const signingIn = snapshot.matches('signingIn');
  const failed = snapshot.matches({ ready: 'failed' });
  // The field must be in the page before autofill starts (it starts as `detecting` ends).
  const offersAutofill = snapshot.matches('detecting') || snapshot.matches({ ready: 'listening' });
  const failure = snapshot.context.failure;

  return (
    <section className="console-page console-sign-in" aria-labelledby="console-page-title">
      <h1 id="console-page-title" tabIndex={-1}>
        Sign in
      </h1>
      {notice !== null && (
        <p className="console-notice" role="status">
          {notice}
        </p>
      )}
      <p>Sign in with the passkey you created from your invitation: your device asks for your fingerprint, face or screen lock.</p>
      {unsupported ? (
        <p className="console-error" role="alert">
          {PASSKEY_FAILURE_TEXT.unsupported}
        </p>
      ) : (
        <form className="console-sign-in__form" noValidate onSubmit={(event) => event.preventDefault()}>
          {offersAutofill && (
            <div className="console-field">
              <label htmlFor="console-sign-in-username">Email address</label>
              <p className="console-hint" id="console-sign-in-username-hint">
                Your browser may offer your passkey when you choose this field.
              </p>
              <input
                id="console-sign-in-username"
                name="username"
                type="text"
                autoComplete="username webauthn"
                aria-describedby="console-sign-in-username-hint"
                spellCheck={false}
                autoCapitalize="none"
              />
            </div>
          )}
          <button
            type="button"
            className="action-button"
            disabled={signingIn}
            aria-describedby={failed ? ERROR_ID : undefined}
            onClick={() => actorRef.send({ type: 'signIn.start' })}
          >
            Sign in with a passkey
          </button>
          <CeremonyOutcome errorId={ERROR_ID} waiting={signingIn} failure={failed ? failure : null} />
        </form>
      )}
    </section>
  );
}
