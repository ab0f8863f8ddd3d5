// The console's privacy page (`#/privacy`, owners; README, "Privacy"): an access or erasure
// request about one person. The owner types an e-mail address or SMS number (neither: an error
// beside the field) and looks it up: searching → found (what is held, with the archive to
// download) | failed (Try again). From what was found, "Erase" asks for the address typed again
// (a different one: an error beside that field) → erasing → erased, or refused with the
// server's reason. A new lookup starts from any settled state. A signed-out answer ends here.
import { assign, emit, setup } from 'xstate';
import { erasePersonRecords, findPersonRecords } from '../../services/privacy/person-records.actor.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import { parseSubject, type PersonRecords } from '../../validation/privacy/person-records.protocol.ts';
import { failureOf, failureText, isSignedOut, type Failure } from '../shared/console-failure.ts';

export interface PersonRecordsInput {
  api: ConsoleApi;
}

export interface PersonRecordsContext {
  api: ConsoleApi;
  /** The lookup field as typed. */
  subject: string;
  /** The confirmation field as typed. */
  confirm: string;
  /** What the last lookup found (its subject is what was looked up). */
  records: PersonRecords | null;
  /** Why a lookup or the erasure failed, in the server's words. */
  problem: string;
}

export type PersonRecordsEvent =
  | { type: 'subject.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'search.retry' }
  | { type: 'erase.start' }
  | { type: 'confirm.change'; value: string }
  | { type: 'erase.submit' }
  | { type: 'erase.cancel' };

export type PersonRecordsEmitted = { type: 'session.end' };

/** A new lookup, from any settled state (not while erasing): a valid subject searches, another is an error beside the field. */
const SEARCH = {
  'subject.change': { actions: { type: 'storeSubject', params: ({ event }: { event: { value: string } }) => event.value } },
  'search.submit': [{ guard: 'isSubject', target: '#personRecords.searching' }, { target: '#personRecords.invalid' }],
} as const;

export const personRecordsMachine = setup({
  types: {
    input: {} as PersonRecordsInput,
    context: {} as PersonRecordsContext,
    events: {} as PersonRecordsEvent,
    emitted: {} as PersonRecordsEmitted,
  },
  actors: { findPersonRecords, erasePersonRecords },
  guards: {
    isSubject: ({ context }) => parseSubject(context.subject) !== null,
    isErasable: ({ context }) => context.records?.erasable === true,
    /** The confirmation names the same person as what was found. */
    isConfirmed: ({ context }) => {
      const confirmed = parseSubject(context.confirm);
      return confirmed !== null && context.records !== null && confirmed.value === context.records.subject;
    },
    isSignedOut,
  },
  actions: {
    storeSubject: assign((_, subject: string) => ({ subject })),
    storeConfirm: assign((_, confirm: string) => ({ confirm })),
    clearConfirm: assign({ confirm: '' }),
    storeRecords: assign((_, records: PersonRecords) => ({ records })),
    storeProblem: assign((_, failure: Failure) => ({ problem: failureText(failure) })),
    endSession: emit({ type: 'session.end' } as const),
  },
}).createMachine({
  id: 'personRecords',
  context: ({ input }) => ({ api: input.api, subject: '', confirm: '', records: null, problem: '' }),
  initial: 'asking',
  states: {
    asking: { on: SEARCH },
    /** Neither an e-mail address nor an SMS number: the error is beside the field. */
    invalid: { on: SEARCH },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'findPersonRecords',
        src: 'findPersonRecords',
        input: ({ context }) => ({ api: context.api, subject: context.subject.trim() }),
        onDone: { target: 'found', actions: [{ type: 'storeRecords', params: ({ event }) => event.output }, 'clearConfirm'] },
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    failed: { on: { ...SEARCH, 'search.retry': 'searching' } },
    found: {
      initial: 'shown',
      states: {
        shown: { on: { ...SEARCH, 'erase.start': { guard: 'isErasable', target: 'confirming' } } },
        confirming: {
          initial: 'editing',
          on: {
            ...SEARCH,
            'confirm.change': { actions: { type: 'storeConfirm', params: ({ event }) => event.value } },
            'erase.submit': [{ guard: 'isConfirmed', target: 'erasing' }, { target: '.mismatch' }],
            'erase.cancel': { target: 'shown', actions: 'clearConfirm' },
          },
          states: {
            editing: {},
            /** The address typed again is not the one found: the error is beside the field. */
            mismatch: {},
          },
        },
        erasing: {
          tags: ['busy'],
          invoke: {
            id: 'erasePersonRecords',
            src: 'erasePersonRecords',
            input: ({ context }) => ({ api: context.api, subject: context.records?.subject ?? '', confirm: context.confirm.trim() }),
            onDone: { target: '#personRecords.erased', actions: 'clearConfirm' },
            onError: [
              { guard: { type: 'isSignedOut', params: failureOf }, target: '#personRecords.signedOut' },
              { target: 'refused', actions: { type: 'storeProblem', params: failureOf } },
            ],
          },
        },
        /** The server did not erase (nothing held any more, a failure): its reason is shown. */
        refused: { on: { ...SEARCH, 'erase.start': { guard: 'isErasable', target: 'confirming' } } },
      },
    },
    /** Everything held about the person was erased; another lookup may follow. */
    erased: { on: SEARCH },
    signedOut: { entry: 'endSession' },
  },
});
