// The console's audit log (owner only): pages of entries, newest first; "Older entries" asks
// for the page before the last one shown (the answer's `next`, sent as `before`) and adds it
// below (README.md, the owner's console).
//  - loading → shown, empty (nothing recorded yet) or failed (try again)
//  - shown.complete (no older entries) or shown.more.{idle → loading → idle | failed}
//  - a session that ended → signedOut (the shell signs in again)
import { assign, emit, setup } from 'xstate';
import { loadAuditPage } from '../../services/console-access/people.actor.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import { failureOf, failureText, isSignedOut, type Failure } from '../shared/console-failure.ts';
import type { AuditAnswer, AuditEntry } from '../../validation/console-access/console-access.protocol.ts';

export interface AuditLogInput {
  api: ConsoleApi;
}

export interface AuditLogContext {
  api: ConsoleApi;
  entries: AuditEntry[];
  /** The cursor of the next older page; null when the last page is shown. */
  next: number | null;
  /** Why the last request failed, in words. */
  problem: string | null;
}

export type AuditLogEvent = { type: 'entries.retry' } | { type: 'entries.older' };

const pageOf = ({ event }: { event: { output: AuditAnswer } }) => event.output;

export const auditLogMachine = setup({
  types: {
    input: {} as AuditLogInput,
    context: {} as AuditLogContext,
    events: {} as AuditLogEvent,
    emitted: {} as { type: 'session.ended' },
  },
  actors: { loadAuditPage },
  guards: {
    isSignedOut,
    isEmptyPage: (_, page: AuditAnswer) => page.entries.length === 0,
    hasOlder: ({ context }) => context.next !== null,
  },
  actions: {
    addPage: assign(({ context }, page: AuditAnswer) => ({ entries: [...context.entries, ...page.entries], next: page.next, problem: null })),
    storeProblem: assign((_, failure: Failure) => ({ problem: failureText(failure) })),
    endSession: emit({ type: 'session.ended' } as const),
  },
}).createMachine({
  id: 'auditLog',
  context: ({ input }) => ({ api: input.api, entries: [], next: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAuditPage',
        src: 'loadAuditPage',
        input: ({ context }) => ({ api: context.api, before: null }),
        onDone: [
          { guard: { type: 'isEmptyPage', params: pageOf }, target: 'empty' },
          { target: 'shown', actions: { type: 'addPage', params: pageOf } },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    /** Nothing recorded yet. */
    empty: {},
    failed: {
      on: { 'entries.retry': 'loading' },
    },
    shown: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'hasOlder', target: 'more' }, { target: 'complete' }],
        },
        /** The oldest entry is shown. */
        complete: {},
        more: {
          initial: 'idle',
          states: {
            idle: { on: { 'entries.older': 'loading' } },
            loading: {
              tags: ['busy'],
              invoke: {
                id: 'loadAuditPage',
                src: 'loadAuditPage',
                input: ({ context }) => ({ api: context.api, before: context.next }),
                onDone: { target: '#auditLog.shown', reenter: true, actions: { type: 'addPage', params: pageOf } },
                onError: [
                  { guard: { type: 'isSignedOut', params: failureOf }, target: '#auditLog.signedOut' },
                  { target: 'failed', actions: { type: 'storeProblem', params: failureOf } },
                ],
              },
            },
            /** The older page could not be read: the entries shown stay, "Try again" asks again. */
            failed: { on: { 'entries.older': 'loading' } },
          },
        },
      },
    },
    signedOut: {
      type: 'final',
      entry: 'endSession',
    },
  },
});
