// The console's people page (owner only): the list of everyone with access, the invite form
// and revocation (README.md, the owner's console).
//  - loading → shown, or failed (try again); a session that ended → signedOut (the shell signs in)
//  - shown.ready: the list and the form. The address is checked in the browser with the
//    server's own rule (isConsoleEmail, the sign-in protocol); a refused submit shows the error
//    beside the field and in the error summary, which takes the focus.
//    idle → (invite.submit) inviting → invited (the link, "Copy link", whether it was mailed;
//    the list is read again), recoveryMailed (the address already had access: a recovery link
//    went to their own mailbox, never shown here) or refused (the server's refusal in words)
//  - person.revoke → confirming (names the person) → revoking → revoked (the list read again),
//    or refused (yourself, the last owner)
import { assertEvent, assign, emit, setup } from 'xstate';
import { loadPeople, revokeAccess, sendInvitation } from '../../services/console-access/people.actor.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { failureOf, isSignedOut, type Failure } from '../shared/console-failure.ts';
import {
  CONSOLE_ACCESS_ERROR,
  isConsoleEmail,
  type ConsoleRole,
  type InviteAnswer,
  type PersonRow,
} from '../../validation/console-access/console-access.protocol.ts';

export interface PeopleInput {
  api: ConsoleApi;
}

export interface PeopleContext {
  api: ConsoleApi;
  people: PersonRow[];
  /** The invite form. */
  email: string;
  role: ConsoleRole;
  /** The address's error, shown beside it and in the summary; null while fine. */
  emailError: string | null;
  invitation: InviteAnswer | null;
  /** The person being revoked, or just revoked. */
  person: PersonRow | null;
  /** What went wrong, in words: a refusal or a failed request. */
  problem: string | null;
}

export type PeopleEvent =
  | { type: 'list.retry' }
  | { type: 'invite.email'; value: string }
  | { type: 'invite.role'; value: ConsoleRole }
  | { type: 'invite.submit' }
  | { type: 'link.copy' }
  | { type: 'person.revoke'; id: number }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' };

export type PeopleEmitted = { type: 'focus.summary' } | { type: 'session.ended' };

export const EMAIL_MISSING = 'Enter the address of the person to invite';
export const EMAIL_INVALID = 'Enter an e-mail address in the right format, like name@example.com';

/** The address's error under the shared rule, or null. */
export function emailProblem(email: string): string | null {
  const address = email.trim();
  if (address === '') return EMAIL_MISSING;
  return isConsoleEmail(address) ? null : EMAIL_INVALID;
}

/** A refusal or failure as the owner reads it. */
export function problemText(error: unknown, context: Pick<PeopleContext, 'email' | 'person'>): string {
  if (error instanceof ConsoleApiError) {
    switch (error.code) {
      case CONSOLE_ACCESS_ERROR.alreadyInvited:
        return `${context.email.trim()} already has access with the other role. Revoke it first to change their role.`;
      case CONSOLE_ACCESS_ERROR.recoveryNeedsMail:
        return `${context.email.trim()} already has access, and mail is not set up, so a recovery link cannot reach them. Revoke their access first, then invite them again.`;
      case CONSOLE_ACCESS_ERROR.selfRevoke:
        return 'You cannot revoke your own access. Another owner can.';
      case CONSOLE_ACCESS_ERROR.lastOwner:
        return `${context.person?.email ?? 'This person'} is the last owner. Invite another owner before revoking them.`;
      default:
        return error.message;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/** Reads the list again after an invitation or a revocation; a failed refresh keeps the list shown. */
const refreshPeople = {
  id: 'loadPeople',
  src: 'loadPeople',
  input: ({ context }: { context: PeopleContext }) => ({ api: context.api }),
  onDone: { actions: { type: 'storePeople', params: ({ event }: { event: { output: PersonRow[] } }) => event.output } },
  onError: [{ guard: { type: 'isSignedOut', params: failureOf }, target: '#people.signedOut' }, { actions: { type: 'logError', params: failureOf } }],
} as const;

export const peopleMachine = setup({
  types: {
    input: {} as PeopleInput,
    context: {} as PeopleContext,
    events: {} as PeopleEvent,
    emitted: {} as PeopleEmitted,
  },
  actors: { loadPeople, sendInvitation, revokeAccess },
  guards: {
    isSignedOut,
    hasEmailProblem: ({ context }) => emailProblem(context.email) !== null,
    /** The address already had access: the answer holds no link (it was mailed to them alone). */
    isRecovery: (_, invitation: InviteAnswer) => invitation.link === null,
    isKnownPerson: ({ context, event }) => event.type === 'person.revoke' && context.people.some((person) => person.id === event.id && person.revokedAt === null),
  },
  actions: {
    storePeople: assign((_, people: PersonRow[]) => ({ people })),
    storeEmail: assign(({ event }) => {
      assertEvent(event, 'invite.email');
      return { email: event.value, emailError: null };
    }),
    storeRole: assign(({ event }) => {
      assertEvent(event, 'invite.role');
      return { role: event.value };
    }),
    showEmailProblem: assign(({ context }) => ({ emailError: emailProblem(context.email) })),
    focusSummary: emit({ type: 'focus.summary' } as const),
    startInvitation: assign({ emailError: null, problem: null, invitation: null }),
    storeInvitation: assign((_, invitation: InviteAnswer) => ({ invitation, email: '', role: 'staff' as const })),
    choosePerson: assign(({ context, event }) => {
      assertEvent(event, 'person.revoke');
      return { person: context.people.find((person) => person.id === event.id) ?? null, problem: null };
    }),
    storeProblem: assign(({ context }, failure: { error: unknown }) => ({ problem: problemText(failure.error, context) })),
    // The Clipboard API: where it is missing or refused, the link stays shown and selectable.
    copyLink: ({ context }) => {
      const link = context.invitation?.link;
      if (link) void navigator.clipboard?.writeText(link).catch(() => undefined);
    },
    endSession: emit({ type: 'session.ended' } as const),
    logError: (_, failure: Failure) => console.error(failure.error),
  },
}).createMachine({
  id: 'people',
  context: ({ input }) => ({ api: input.api, people: [], email: '', role: 'staff', emailError: null, invitation: null, person: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPeople',
        src: 'loadPeople',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'shown', actions: { type: 'storePeople', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    failed: {
      on: { 'list.retry': 'loading' },
    },
    shown: {
      initial: 'ready',
      states: {
        ready: {
          initial: 'idle',
          on: {
            'invite.email': { actions: 'storeEmail' },
            'invite.role': { actions: 'storeRole' },
            'invite.submit': [
              { guard: 'hasEmailProblem', target: '.idle', actions: ['showEmailProblem', 'focusSummary'] },
              { target: 'inviting' },
            ],
            'person.revoke': { guard: 'isKnownPerson', target: 'confirming', actions: 'choosePerson' },
          },
          states: {
            idle: {},
            /** The link, once: the server keeps only its hash. The list is read again. */
            invited: {
              initial: 'linkShown',
              invoke: refreshPeople,
              states: {
                linkShown: { on: { 'link.copy': { target: 'linkCopied', actions: 'copyLink' } } },
                linkCopied: { on: { 'link.copy': { target: 'linkCopied', actions: 'copyLink', reenter: true } } },
              },
            },
            /** A recovery link was mailed to the person alone; the owner is told so, never shown it. The list is read again. */
            recoveryMailed: {
              invoke: refreshPeople,
            },
            revoked: {
              invoke: refreshPeople,
            },
            refused: {},
          },
        },
        inviting: {
          tags: ['busy'],
          entry: 'startInvitation',
          invoke: {
            id: 'sendInvitation',
            src: 'sendInvitation',
            input: ({ context }) => ({ api: context.api, body: { email: context.email.trim(), role: context.role } }),
            onDone: [
              { guard: { type: 'isRecovery', params: ({ event }) => event.output }, target: 'ready.recoveryMailed', actions: { type: 'storeInvitation', params: ({ event }) => event.output } },
              { target: 'ready.invited', actions: { type: 'storeInvitation', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'isSignedOut', params: failureOf }, target: '#people.signedOut' },
              { target: 'ready.refused', actions: { type: 'storeProblem', params: failureOf } },
            ],
          },
        },
        /** "Revoke <address>? Their sessions end now." */
        confirming: {
          on: { 'revoke.confirm': 'revoking', 'revoke.cancel': 'ready.idle' },
        },
        revoking: {
          tags: ['busy'],
          invoke: {
            id: 'revokeAccess',
            src: 'revokeAccess',
            input: ({ context }) => ({ api: context.api, id: context.person?.id ?? 0 }),
            onDone: 'ready.revoked',
            onError: [
              { guard: { type: 'isSignedOut', params: failureOf }, target: '#people.signedOut' },
              { target: 'ready.refused', actions: { type: 'storeProblem', params: failureOf } },
            ],
          },
        },
      },
    },
    /** The session ended: the shell goes back to sign-in. */
    signedOut: {
      type: 'final',
      entry: 'endSession',
    },
  },
});
