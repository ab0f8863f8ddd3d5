// The console's passkey ceremonies in the browser (README.md "The console"): options from the
// server, the authenticator through @simplewebauthn/browser, the answer back to the server. Each
// failure becomes one PasskeyFailure the pages explain in words (cancelled, unknown passkey, too
// many attempts, no WebAuthn, server unreachable…).
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { type } from 'superstruct';
import { CONSOLE_REFUSAL } from '../../validation/console/console-api.ts';
import {
  CONSOLE_ACCESS_ERROR,
  CONSOLE_ACCESS_ROUTE,
  RegistrationCeremonyStruct,
  SignInCeremonyStruct,
  SignedInAnswerStruct,
  type SignedInAnswer,
} from '../../validation/console-access/console-access.protocol.ts';
import { ConsoleApiError, type ConsoleApi } from '../shared/console-api.client.ts';

/** Why a ceremony did not end signed in (or with a new passkey). */
export type PasskeyFailure =
  | 'cancelled'
  | 'passkeyUnknown'
  | 'passkeyRejected'
  | 'ceremonyExpired'
  | 'invitationExpired'
  | 'lastPasskey'
  | 'signInAgain'
  | 'rateLimited'
  | 'unsupported'
  | 'unreachable'
  | 'signedOut'
  | 'other';

/** A ceremony's failure, with the words a page shows beside its button. */
export class PasskeyError extends Error {
  override readonly name = 'PasskeyError';
  readonly failure: PasskeyFailure;
  constructor(failure: PasskeyFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}

const CODE_FAILURES: Record<string, PasskeyFailure> = {
  [CONSOLE_ACCESS_ERROR.passkeyUnknown]: 'passkeyUnknown',
  [CONSOLE_ACCESS_ERROR.passkeyRejected]: 'passkeyRejected',
  [CONSOLE_ACCESS_ERROR.ceremonyExpired]: 'ceremonyExpired',
  [CONSOLE_ACCESS_ERROR.invitationExpired]: 'invitationExpired',
  [CONSOLE_ACCESS_ERROR.invitationUnknown]: 'invitationExpired',
  [CONSOLE_ACCESS_ERROR.lastPasskey]: 'lastPasskey',
  [CONSOLE_ACCESS_ERROR.recentSignInRequired]: 'signInAgain',
  [CONSOLE_REFUSAL.rateLimited]: 'rateLimited',
  [CONSOLE_REFUSAL.sessionRequired]: 'signedOut',
  [CONSOLE_REFUSAL.sessionExpired]: 'signedOut',
  fetch_error: 'unreachable',
};

/** The words for each failure (shown beside the button, announced). */
export const PASSKEY_FAILURE_TEXT: Record<PasskeyFailure, string> = {
  cancelled: 'The passkey request was cancelled or timed out. Try again when you are ready.',
  passkeyUnknown: 'This site does not know that passkey. Use the passkey you created for this console, or ask the owner for a new invitation.',
  passkeyRejected: 'Your passkey’s answer could not be verified. Try again.',
  ceremonyExpired: 'The request took too long. Try again.',
  invitationExpired: 'This link has expired or was already used. Ask the owner for a new invitation.',
  lastPasskey: 'You cannot remove your only passkey: add another one first.',
  signInAgain: 'To add a passkey, first sign in again with a passkey you already have: adding one needs a sign-in from the last 5 minutes.',
  rateLimited: 'Too many attempts. Wait a few minutes, then try again.',
  unsupported: 'This browser cannot use passkeys. Open the console in an up-to-date browser such as Chrome, Edge, Firefox or Safari.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  signedOut: 'Your session has ended. Sign in again.',
  other: 'Something went wrong. Try again.',
};

/** Any thrown value as a PasskeyError. */
export function passkeyErrorOf(thrown: unknown): PasskeyError {
  if (thrown instanceof PasskeyError) return thrown;
  if (thrown instanceof ConsoleApiError) {
    const failure = CODE_FAILURES[thrown.code] ?? 'other';
    return new PasskeyError(failure, failure === 'other' ? thrown.message : PASSKEY_FAILURE_TEXT[failure]);
  }
  // The browser's own refusals: the person cancelled or let it time out (NotAllowedError), or
  // a newer ceremony took over (AbortError).
  const name = thrown instanceof Error ? thrown.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyError('cancelled', PASSKEY_FAILURE_TEXT.cancelled);
  // (A SecurityError is the site's address not matching its SITE_URL: not the browser's fault.)
  if (name === 'NotSupportedError') return new PasskeyError('unsupported', PASSKEY_FAILURE_TEXT.unsupported);
  return new PasskeyError('other', PASSKEY_FAILURE_TEXT.other);
}

/** The failure of an invoked ceremony's error event (`xstate.error.actor.*`). */
export function failureOfErrorEvent(event: unknown): PasskeyFailure {
  return passkeyErrorOf((event as { error?: unknown }).error).failure;
}

export interface PasskeySupport {
  /** WebAuthn is there at all. */
  webAuthn: boolean;
  /** The browser offers passkeys in a field's autofill (conditional mediation). */
  autofill: boolean;
}

export async function detectPasskeySupport(): Promise<PasskeySupport> {
  const webAuthn = browserSupportsWebAuthn();
  return { webAuthn, autofill: webAuthn && (await browserSupportsWebAuthnAutofill()) };
}

const abortOn = (signal: AbortSignal | undefined) => signal?.addEventListener('abort', () => WebAuthnAbortService.cancelCeremony(), { once: true });

/**
 * Signs in with a discoverable passkey: by the button, or (autofill) when the person picks a
 * passkey from the `autocomplete="username webauthn"` field's suggestions.
 */
export async function signInWithPasskey(api: ConsoleApi, { autofill, signal }: { autofill: boolean; signal?: AbortSignal }): Promise<SignedInAnswer> {
  try {
    const { ceremony, options } = await api.post(CONSOLE_ACCESS_ROUTE.signInOptions, {}, SignInCeremonyStruct, signal ? { signal } : {});
    abortOn(signal);
    const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
    return await api.post(CONSOLE_ACCESS_ROUTE.signInVerify, { ceremony, response }, SignedInAnswerStruct);
  } catch (error) {
    throw passkeyErrorOf(error);
  }
}

/**
 * Signs in again inside the session with one of one's own passkeys (the server names them):
 * adding a passkey needs a passkey sign-in from the last 5 minutes (README.md "The console").
 */
export async function signInAgainWithPasskey(api: ConsoleApi, { signal }: { signal?: AbortSignal } = {}): Promise<SignedInAnswer> {
  try {
    const { ceremony, options } = await api.post(CONSOLE_ACCESS_ROUTE.signInAgainOptions, {}, SignInCeremonyStruct, signal ? { signal } : {});
    abortOn(signal);
    const response = await startAuthentication({ optionsJSON: options });
    return await api.post(CONSOLE_ACCESS_ROUTE.signInAgainVerify, { ceremony, response }, SignedInAnswerStruct);
  } catch (error) {
    throw passkeyErrorOf(error);
  }
}

/**
 * Creates a passkey: for an invitation (enrolment, which signs in) or one more for oneself.
 * `body` goes with both requests (an enrolment's token: never in a path, README.md "How an
 * owner starts").
 */
export async function registerPasskey(
  api: ConsoleApi,
  { optionsPath, verifyPath, name, body = {}, signal }: { optionsPath: string; verifyPath: string; name: string; body?: Record<string, string>; signal?: AbortSignal },
): Promise<void> {
  try {
    const { ceremony, options } = await api.post(optionsPath, body, RegistrationCeremonyStruct, signal ? { signal } : {});
    abortOn(signal);
    const response = await startRegistration({ optionsJSON: options });
    const trimmed = name.trim();
    // The answer's content is not needed (the page reloads what it shows): any JSON object.
    await api.post(verifyPath, { ...body, ceremony, response, ...(trimmed === '' ? {} : { name: trimmed }) }, type({}));
  } catch (error) {
    throw passkeyErrorOf(error);
  }
}
