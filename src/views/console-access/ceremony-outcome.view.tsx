// Under a passkey button (sign-in, enrolment): "Waiting for your passkey…" while the ceremony
// runs, and why it failed, announced, with the id the button is described by.
import { PASSKEY_FAILURE_TEXT, type PasskeyFailure } from '../../services/console-access/passkey-ceremonies.service.ts';

export interface CeremonyOutcomeProps {
  /** The failure's id (the button's aria-describedby while it shows). */
  errorId: string;
  waiting: boolean;
  /** Shown when not null. */
  failure: PasskeyFailure | null;
}

export function CeremonyOutcome({ errorId, waiting, failure }: CeremonyOutcomeProps) {
  return (
    <>
      <p className="console-status" role="status">
        {waiting ? 'Waiting for your passkey…' : ''}
      </p>
      {failure !== null && (
        <p className="console-error" id={errorId} role="alert">
          {PASSKEY_FAILURE_TEXT[failure]}
        </p>
      )}
    </>
  );
}
