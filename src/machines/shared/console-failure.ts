// What every console machine does with a failed request: the error as an action's or guard's
// params, and whether it says the session is over (then the shell signs in again; README.md,
// the owner's console).
import { ConsoleApiError } from '../../services/shared/console-api.client.ts';

export interface Failure {
  error: unknown;
}

/** An `onError` transition's params: the error the actor threw. */
export const failureOf = ({ event }: { event: { error: unknown } }): Failure => ({ error: event.error });

/** The guard `isSignedOut`: the request was refused because the session ended. */
export const isSignedOut = (_: unknown, failure: Failure): boolean => failure.error instanceof ConsoleApiError && failure.error.isSignedOut;

/** A failure in words: the console's errors already say what went wrong. */
export const failureText = (failure: Failure): string => (failure.error instanceof Error ? failure.error.message : String(failure.error));
