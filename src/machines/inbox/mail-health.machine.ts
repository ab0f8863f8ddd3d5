// The console's health banner (README.md, the owner's console, "Mail health", "Backups and
// restore", "Faults the server survives" and "Live in seconds"): the server is asked how mail,
// the backups, the disks and the published site are doing when the console opens, every
// MAIL_HEALTH_INTERVAL_MS after, and when told `mail.recheck` ("Check again"). Five regions while
// watching:
//  - health: mail, following the last answer: unknown (before the first) → ok (nothing shown)
//            or degraded (the banner): `appeared` until the next check starts (an alert), then
//            `continuing` while later answers agree (a status region, not announced again)
//  - backup: the same for the backups: unknown → ok (nothing shown; no backup yet counts as
//            ok) or failed (the last backup failed): `appeared`, then `continuing`
//  - disk:   the same for the disks: unknown → ok, low (the database's or the uploads' disk
//            has less free space than its floor) or unreadable (a disk's free space could not
//            be read): `appeared`, then `continuing`
//  - site:   the same for the published content: unknown → live or unserved (its pages could
//            not be made: the build's or an older revision's are served): `appeared`, then
//            `continuing`
//  - check:  checking → waiting → checking…; a failed check keeps the last answer, so the
//            last known health
// A session that ended → signedOut (the shell signs in again).
import { assign, emit, setup, stateIn } from 'xstate';
import { checkMailHealth } from '../../services/inbox/mail-health.actor.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import { failureOf, isSignedOut, type Failure } from '../shared/console-failure.ts';
import type { BannerHealth } from '../../validation/shared/backup-health.protocol.ts';

/** How often the console asks again while it is open. */
export const MAIL_HEALTH_INTERVAL_MS = 60_000;

export interface MailHealthInput {
  api: ConsoleApi;
}

export interface MailHealthContext {
  api: ConsoleApi;
  /** The last answer; the banner's facts. */
  health: BannerHealth | null;
}

export type MailHealthEvent = { type: 'mail.recheck' };


export const mailHealthMachine = setup({
  types: {
    input: {} as MailHealthInput,
    context: {} as MailHealthContext,
    events: {} as MailHealthEvent,
    emitted: {} as { type: 'session.ended' },
  },
  actors: { checkMailHealth },
  guards: {
    isDegraded: ({ context }) => context.health?.state === 'degraded',
    isOk: ({ context }) => context.health?.state === 'ok',
    hasBackupFailed: ({ context }) => context.health?.backup.state === 'failed',
    isBackupOk: ({ context }) => context.health !== null && context.health.backup.state !== 'failed',
    isDiskLow: ({ context }) => context.health?.disk.state === 'low',
    isDiskUnreadable: ({ context }) => context.health?.disk.state === 'unreadable',
    isDiskOk: ({ context }) => context.health?.disk.state === 'ok',
    isSiteUnserved: ({ context }) => context.health !== null && context.health.site.state !== 'live',
    isSiteLive: ({ context }) => context.health?.site.state === 'live',
    isChecking: stateIn('#mailHealth.watching.check.checking'),
    isSignedOut,
  },
  actions: {
    storeHealth: assign((_, health: BannerHealth) => ({ health })),
    logError: (_, failure: Failure) => console.error(failure.error),
    endSession: emit({ type: 'session.ended' } as const),
  },
  delays: { mailHealthInterval: MAIL_HEALTH_INTERVAL_MS },
}).createMachine({
  id: 'mailHealth',
  context: ({ input }) => ({ api: input.api, health: null }),
  initial: 'watching',
  states: {
    watching: {
      type: 'parallel',
      states: {
        health: {
          initial: 'unknown',
          states: {
            unknown: {
              always: [{ guard: 'isDegraded', target: 'degraded' }, { guard: 'isOk', target: 'ok' }],
            },
            ok: {
              always: { guard: 'isDegraded', target: 'degraded' },
            },
            degraded: {
              initial: 'appeared',
              always: { guard: 'isOk', target: 'ok' },
              states: {
                appeared: { always: { guard: 'isChecking', target: 'continuing' } },
                continuing: {},
              },
            },
          },
        },
        backup: {
          initial: 'unknown',
          states: {
            unknown: {
              always: [{ guard: 'hasBackupFailed', target: 'failed' }, { guard: 'isBackupOk', target: 'ok' }],
            },
            ok: {
              always: { guard: 'hasBackupFailed', target: 'failed' },
            },
            failed: {
              initial: 'appeared',
              always: { guard: 'isBackupOk', target: 'ok' },
              states: {
                appeared: { always: { guard: 'isChecking', target: 'continuing' } },
                continuing: {},
              },
            },
          },
        },
        disk: {
          initial: 'unknown',
          states: {
            unknown: {
              always: [{ guard: 'isDiskLow', target: 'low' }, { guard: 'isDiskUnreadable', target: 'unreadable' }, { guard: 'isDiskOk', target: 'ok' }],
            },
            ok: {
              always: [{ guard: 'isDiskLow', target: 'low' }, { guard: 'isDiskUnreadable', target: 'unreadable' }],
            },
            low: {
              initial: 'appeared',
              always: [{ guard: 'isDiskOk', target: 'ok' }, { guard: 'isDiskUnreadable', target: 'unreadable' }],
              states: {
                appeared: { always: { guard: 'isChecking', target: 'continuing' } },
                continuing: {},
              },
            },
            unreadable: {
              initial: 'appeared',
              always: [{ guard: 'isDiskOk', target: 'ok' }, { guard: 'isDiskLow', target: 'low' }],
              states: {
                appeared: { always: { guard: 'isChecking', target: 'continuing' } },
                continuing: {},
              },
            },
          },
        },
        site: {
          initial: 'unknown',
          states: {
            unknown: {
              always: [{ guard: 'isSiteUnserved', target: 'unserved' }, { guard: 'isSiteLive', target: 'live' }],
            },
            live: {
              always: { guard: 'isSiteUnserved', target: 'unserved' },
            },
            unserved: {
              initial: 'appeared',
              always: { guard: 'isSiteLive', target: 'live' },
              states: {
                appeared: { always: { guard: 'isChecking', target: 'continuing' } },
                continuing: {},
              },
            },
          },
        },
        check: {
          initial: 'checking',
          states: {
            checking: {
              tags: ['busy'],
              invoke: {
                id: 'checkMailHealth',
                src: 'checkMailHealth',
                input: ({ context }) => ({ api: context.api }),
                onDone: { target: 'waiting', actions: { type: 'storeHealth', params: ({ event }) => event.output } },
                onError: [
                  { guard: { type: 'isSignedOut', params: failureOf }, target: '#mailHealth.signedOut' },
                  { target: 'waiting', actions: { type: 'logError', params: failureOf } },
                ],
              },
            },
            waiting: {
              after: { mailHealthInterval: 'checking' },
              on: { 'mail.recheck': 'checking' },
            },
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
