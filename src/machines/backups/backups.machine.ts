// The console's Backups page (`#/backups`, owners; README.md, "Backups and restore"):
// loading → shown (the schedule, the last run, the archives kept) | failed (Try again) |
// signedOut. "Back up now" (starting) and an archive's "Copy again" (startingCopy) ask the
// server to start the job → watching (the job this page started, or the one already running,
// which the server answers instead: never two at once) | refused (the request failed: said
// beside the button). While watching, the page asks the server every BACKUPS_POLL_MS how far the
// job has got (waiting → polling; an unanswered poll → lost, asking again) until it has ended →
// one of its outcomes (tagged `finished`): backedUp (and copied, or no off-site storage),
// backedUpNotCopied (the archive is kept here, its copy failed), backupFailed, copied,
// copyFailed. A page opened while a job runs starts watching it. A signed-out answer ends here
// and tells the shell (`session.end`).
import { assign, emit, setup } from 'xstate';
import { loadBackups, requestBackup, requestCopy } from '../../services/backups/backups.actor.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import type { Backups, Started } from '../../validation/backups/backups.protocol.ts';
import { failureOf, failureText, isSignedOut, type Failure } from '../shared/console-failure.ts';

/** How often the page asks how far a running job has got. */
export const BACKUPS_POLL_MS = 2_000;

export interface BackupsInput {
  api: ConsoleApi;
}

/** The job the page follows: a backup, or an archive's copy, and when it started. */
export interface WatchedJob {
  kind: 'backup' | 'copy';
  archive: string | null;
  startedAt: string;
}

export interface BackupsContext {
  api: ConsoleApi;
  backups: Backups | null;
  /** The archive "Copy again" was pressed for. */
  archive: string;
  watched: WatchedJob | null;
  /** Why a request failed, in the console's words. */
  problem: string;
}

export type BackupsEvent = { type: 'backups.retry' } | { type: 'backup.start' } | { type: 'copy.start'; archive: string };
export type BackupsEmitted = { type: 'session.end' };

/** What each settled state takes: "Back up now", or "Copy again" on an archive. */
const START = {
  'backup.start': { target: '#backups.starting' },
  'copy.start': { target: '#backups.startingCopy', actions: { type: 'storeArchive', params: ({ event }: { event: { archive: string } }) => event.archive } },
} as const;

const runningOf = (backups: Backups): WatchedJob | null => (backups.running === null ? null : { kind: backups.running.kind, archive: backups.running.archive, startedAt: backups.running.startedAt });

/** The watched backup's run is the last one (or a newer one), and it wrote an archive. */
const backedUp = (watched: WatchedJob | null, backups: Backups): boolean => {
  const last = backups.lastRun;
  return watched?.kind === 'backup' && last !== null && last.startedAt >= watched.startedAt && last.status === 'ok';
};
const copyStateOf = (backups: Backups, archive: string | null) => backups.archives.find((kept) => kept.name === archive)?.copy.state ?? 'off';

export const backupsMachine = setup({
  types: {
    input: {} as BackupsInput,
    context: {} as BackupsContext,
    events: {} as BackupsEvent,
    emitted: {} as BackupsEmitted,
  },
  actors: { loadBackups, requestBackup, requestCopy },
  guards: {
    isRunning: (_, backups: Backups) => backups.running !== null,
    /** This request started the job, or another was running: either way there is one to follow. */
    isUnderWay: (_, answer: Started) => answer.started || answer.backups.running !== null,
    isBackedUp: ({ context }, backups: Backups) => backedUp(context.watched, backups) && copyStateOf(backups, backups.lastRun?.archive ?? null) !== 'failing',
    isBackedUpNotCopied: ({ context }, backups: Backups) => backedUp(context.watched, backups),
    isBackupFailed: ({ context }, _backups: Backups) => context.watched?.kind === 'backup',
    isCopied: ({ context }, backups: Backups) => copyStateOf(backups, context.watched?.archive ?? null) === 'ok',
    isSignedOut,
  },
  actions: {
    storeBackups: assign((_, backups: Backups) => ({ backups })),
    /** The job to follow: the one the answer says is running, else the one this page just started. */
    storeWatched: assign(({ context }, backups: Backups) => ({
      watched: runningOf(backups) ?? { kind: context.archive === '' ? ('backup' as const) : ('copy' as const), archive: context.archive === '' ? null : context.archive, startedAt: new Date(0).toISOString() },
    })),
    storeArchive: assign((_, archive: string) => ({ archive })),
    clearArchive: assign({ archive: '' }),
    storeProblem: assign((_, failure: Failure) => ({ problem: failureText(failure) })),
    endSession: emit({ type: 'session.end' } as const),
  },
  delays: { pollInterval: BACKUPS_POLL_MS },
}).createMachine({
  id: 'backups',
  context: ({ input }) => ({ api: input.api, backups: null, archive: '', watched: null, problem: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBackups',
        src: 'loadBackups',
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          {
            guard: { type: 'isRunning', params: ({ event }) => event.output },
            target: 'watching',
            actions: [
              { type: 'storeBackups', params: ({ event }) => event.output },
              { type: 'storeWatched', params: ({ event }) => event.output },
            ],
          },
          { target: 'shown', actions: { type: 'storeBackups', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    failed: {
      on: { 'backups.retry': 'loading' },
    },
    shown: {
      on: START,
    },
    starting: {
      tags: ['busy'],
      entry: 'clearArchive',
      invoke: {
        id: 'requestBackup',
        src: 'requestBackup',
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          {
            guard: { type: 'isUnderWay', params: ({ event }) => event.output },
            target: 'watching',
            actions: [
              { type: 'storeBackups', params: ({ event }) => event.output.backups },
              { type: 'storeWatched', params: ({ event }) => event.output.backups },
            ],
          },
          { target: 'shown', actions: { type: 'storeBackups', params: ({ event }) => event.output.backups } },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'refused', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    startingCopy: {
      tags: ['busy'],
      invoke: {
        id: 'requestCopy',
        src: 'requestCopy',
        input: ({ context }) => ({ api: context.api, archive: context.archive }),
        onDone: [
          {
            guard: { type: 'isUnderWay', params: ({ event }) => event.output },
            target: 'watching',
            actions: [
              { type: 'storeBackups', params: ({ event }) => event.output.backups },
              { type: 'storeWatched', params: ({ event }) => event.output.backups },
            ],
          },
          { target: 'shown', actions: { type: 'storeBackups', params: ({ event }) => event.output.backups } },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'refused', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    /** The request to start did not get through: why, beside the button; the page as it was. */
    refused: {
      on: START,
    },
    watching: {
      tags: ['running'],
      initial: 'waiting',
      states: {
        waiting: {
          after: { pollInterval: 'polling' },
        },
        polling: {
          invoke: {
            id: 'loadBackups',
            src: 'loadBackups',
            input: ({ context }) => ({ api: context.api }),
            onDone: [
              { guard: { type: 'isRunning', params: ({ event }) => event.output }, target: 'waiting', actions: { type: 'storeBackups', params: ({ event }) => event.output } },
              { guard: { type: 'isBackedUp', params: ({ event }) => event.output }, target: '#backups.backedUp', actions: { type: 'storeBackups', params: ({ event }) => event.output } },
              {
                guard: { type: 'isBackedUpNotCopied', params: ({ event }) => event.output },
                target: '#backups.backedUpNotCopied',
                actions: { type: 'storeBackups', params: ({ event }) => event.output },
              },
              { guard: { type: 'isBackupFailed', params: ({ event }) => event.output }, target: '#backups.backupFailed', actions: { type: 'storeBackups', params: ({ event }) => event.output } },
              { guard: { type: 'isCopied', params: ({ event }) => event.output }, target: '#backups.copied', actions: { type: 'storeBackups', params: ({ event }) => event.output } },
              { target: '#backups.copyFailed', actions: { type: 'storeBackups', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'isSignedOut', params: failureOf }, target: '#backups.signedOut' },
              { target: 'lost', actions: { type: 'storeProblem', params: failureOf } },
            ],
          },
        },
        /** The server did not answer a poll: said, and asked again after the same wait. */
        lost: {
          after: { pollInterval: 'polling' },
        },
      },
    },
    // The job followed has ended, in one of its outcomes: announced; the page shows the state after it.
    /** A backup made, and copied (or no off-site storage). */
    backedUp: { tags: ['finished'], on: START },
    /** A backup made and kept here; its copy failed (the server tries again). */
    backedUpNotCopied: { tags: ['finished'], on: START },
    backupFailed: { tags: ['finished'], on: START },
    /** An archive copied again. */
    copied: { tags: ['finished'], on: START },
    copyFailed: { tags: ['finished'], on: START },
    signedOut: {
      entry: 'endSession',
    },
  },
});
