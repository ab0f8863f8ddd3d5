// The console-access machines' effects as actors (README.md "The console"): each reaches the
// server through the console's one API client and the passkey ceremonies.
import { fromCallback, fromPromise } from 'xstate';
import {
  CONSOLE_ACCESS_ROUTE,
  PasskeysAnswerStruct,
  SessionAnswerStruct,
  type EnrolmentAnswer,
  type Passkey,
  type SessionAnswer,
  type SignedInAnswer,
} from '../../validation/console-access/console-access.protocol.ts';
import { OkAnswerStruct } from '../../validation/console/console-api.ts';
import { ConsoleApiError, createConsoleApi, type ConsoleApi } from '../shared/console-api.client.ts';
import { enrolWithToken, readInvitation } from './enrolment-api.client.ts';
import { detectPasskeySupport, passkeyErrorOf, registerPasskey, signInAgainWithPasskey, signInWithPasskey, type PasskeySupport } from './passkey-ceremonies.service.ts';

let shared: ConsoleApi | undefined;
const consoleApi = () => (shared ??= createConsoleApi());

/** A path below CONSOLE_API with its `:id` filled in. */
export function routeWith(route: string, parameters: Record<string, string | number>): string {
  return route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(parameters[name])));
}

/** Who is signed in; null when nobody is (401). */
export const loadSession = fromPromise<SessionAnswer | null>(async ({ signal }) => {
  try {
    return await consoleApi().get(CONSOLE_ACCESS_ROUTE.session, SessionAnswerStruct, { signal });
  } catch (error) {
    if (error instanceof ConsoleApiError && error.isSignedOut) return null;
    throw error;
  }
});

export const signOut = fromPromise<unknown, { everywhere: boolean }>(async ({ input }) =>
  consoleApi().post(input.everywhere ? CONSOLE_ACCESS_ROUTE.signOutEverywhere : CONSOLE_ACCESS_ROUTE.signOut, {}, OkAnswerStruct).catch((error: unknown) => {
    // A session already over is signed out all the same.
    if (error instanceof ConsoleApiError && error.isSignedOut) return null;
    throw error;
  }),
);

export const checkPasskeySupport = fromPromise<PasskeySupport>(() => detectPasskeySupport());

export const signInWithButton = fromPromise<SignedInAnswer>(({ signal }) => signInWithPasskey(consoleApi(), { autofill: false, signal }));

export const signInWithAutofill = fromPromise<SignedInAnswer>(({ signal }) => signInWithPasskey(consoleApi(), { autofill: true, signal }));

export const loadInvitation = fromPromise<EnrolmentAnswer, { token: string }>(({ input, signal }) => readInvitation(consoleApi(), input.token, signal));

export const enrolPasskey = fromPromise<void, { token: string; name: string }>(({ input, signal }) => enrolWithToken(consoleApi(), input, signal));

export const loadPasskeys = fromPromise<Passkey[]>(async ({ signal }) => {
  try {
    return await passkeyList(signal);
  } catch (error) {
    throw passkeyErrorOf(error);
  }
});

const passkeyList = async (signal?: AbortSignal) => (await consoleApi().get(CONSOLE_ACCESS_ROUTE.passkeys, PasskeysAnswerStruct, signal ? { signal } : {})).passkeys;

/** Signs in again inside the session with one of one's passkeys (adding one needs a recent sign-in). */
export const signInAgain = fromPromise<SignedInAnswer>(({ signal }) => signInAgainWithPasskey(consoleApi(), { signal }));

/** Adds a passkey (403 `console_recent_sign_in_required` without a recent sign-in), then answers the list with it. */
export const addPasskey = fromPromise<Passkey[], { name: string }>(async ({ input, signal }) => {
  await registerPasskey(consoleApi(), { optionsPath: CONSOLE_ACCESS_ROUTE.passkeyOptions, verifyPath: CONSOLE_ACCESS_ROUTE.passkeyVerify, name: input.name, signal });
  try {
    return await passkeyList(signal);
  } catch (error) {
    throw passkeyErrorOf(error);
  }
});

/** Removes one of one's passkeys (not the last: 409), then answers the list without it. */
export const removePasskey = fromPromise<Passkey[], { id: number }>(async ({ input, signal }) => {
  try {
    await consoleApi().post(routeWith(CONSOLE_ACCESS_ROUTE.passkeyRemove, { id: input.id }), {}, OkAnswerStruct);
    return await passkeyList(signal);
  } catch (error) {
    throw passkeyErrorOf(error);
  }
});

/** Follows the address's hash: sends `route.change` on every hashchange. */
export const followHash = fromCallback(({ sendBack }) => {
  const changed = () => sendBack({ type: 'route.change', hash: window.location.hash });
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
});
