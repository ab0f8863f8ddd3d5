// The console's health banner (README.md, the owner's console, "Mail health", "Backups and
// restore", "Faults the server survives" and "Live in seconds"): the server is asked how mail,
// the backups, the disks and the published site are doing when the console opens, every
// MAIL_HEALTH_INTERVAL_MS after, and when told `mail.recheck` ("Check again"). Five regions while
// watching:
//  - mail:   mail health's named state, following the last answer: unknown (before the first),
//            healthy and delivering.onTime (nothing shown), or one that needs the owner (the
//            banner, with its cause and next step): notConfigured, noCompanyAddress,
//            failing.{login, connection, certificate, other}, delivering.late. Each is
//            `appeared` until the next check starts (an alert), then `continuing` while later
//            answers agree (a status region, not announced again); another state appears anew
//  - backup: the same for the backups: unknown → ok (nothing shown; no backup yet counts as
//            ok), failed (the last backup failed) or copyFailing (the last backup is kept here,
//            its copy to the off-site storage failed): `appeared`, then `continuing`
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
import { isMailHealth, MAIL_HEALTH_TARGETS, needsOwner, type MailHealthTarget } from '../shared/mail-health-states.ts';

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

const MAIL_NODE = '#mailHealth.watching.mail';
/** Into the mail state the last answer names, from any other (`self`: the one the machine is in). */
const toMailState = (self?: MailHealthTarget) =>
  MAIL_HEALTH_TARGETS.filter((target) => target !== self).map((target) => ({
    guard: { type: 'isMail' as const, params: { state: target.state, detail: target.detail } },
    target: `${MAIL_NODE}.${target.path}`,
  }));
const target = (path: string): MailHealthTarget => MAIL_HEALTH_TARGETS.find((entry) => entry.path === path)!;
/** A mail state: the banner's (appeared, then continuing) when it needs the owner, else nothing shown. */
const mailState = (path: string) => {
  const self = target(path);
  if (!needsOwner(self)) return { always: toMailState(self) };
  return {
    initial: 'appeared' as const,
    tags: ['mailBanner' as const],
    always: toMailState(self),
    states: {
      appeared: { tags: ['mailAppeared' as const], always: { guard: 'isChecking' as const, target: 'continuing' as const } },
      continuing: {},
    },
  };
};

export const mailHealthMachine = setup({
  types: {
    input: {} as MailHealthInput,
    context: {} as MailHealthContext,
    events: {} as MailHealthEvent,
    emitted: {} as { type: 'session.ended' },
    /** mailBanner: mail needs the owner (its banner shows); mailAppeared: that banner has just appeared (an alert). */
    tags: {} as 'busy' | 'mailBanner' | 'mailAppeared',
  },
  actors: { checkMailHealth },
  guards: {
    isMail: ({ context }, target: Pick<MailHealthTarget, 'state' | 'detail'>) => isMailHealth(context.health?.mail, target),
    hasBackupFailed: ({ context }) => context.health?.backup.state === 'failed',
    /** The last backup succeeded, but its copy to the off-site storage failed (README.md, "Backups and restore"). */
    isCopyFailing: ({ context }) => context.health !== null && context.health.backup.state !== 'failed' && context.health.backup.offsite.state === 'failing',
    isBackupOk: ({ context }) => context.health !== null && context.health.backup.state !== 'failed' && context.health.backup.offsite.state !== 'failing',
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
        mail: {
          initial: 'unknown',
          states: {
            unknown: { always: toMailState() },
            notConfigured: mailState('notConfigured'),
            noCompanyAddress: mailState('noCompanyAddress'),
            // Entered only at a named kind (toMailState); `initial` is XState's requirement.
            failing: {
              initial: 'other',
              states: {
                login: mailState('failing.login'),
                connection: mailState('failing.connection'),
                certificate: mailState('failing.certificate'),
                other: mailState('failing.other'),
              },
            },
            delivering: {
              initial: 'onTime',
              states: {
                onTime: mailState('delivering.onTime'),
                late: mailState('delivering.late'),
              },
            },
            healthy: mailState('healthy'),
          },
        },
        backup: {
          initial: 'unknown',
          states: {
            unknown: {
              always: [{ guard: 'hasBackupFailed', target: 'failed' }, { guard: 'isCopyFailing', target: 'copyFailing' }, { guard: 'isBackupOk', target: 'ok' }],
            },
            ok: {
              always: [{ guard: 'hasBackupFailed', target: 'failed' }, { guard: 'isCopyFailing', target: 'copyFailing' }],
            },
            failed: {
              initial: 'appeared',
              always: [{ guard: 'isCopyFailing', target: 'copyFailing' }, { guard: 'isBackupOk', target: 'ok' }],
              states: {
                appeared: { always: { guard: 'isChecking', target: 'continuing' } },
                continuing: {},
              },
            },
            /** The backup is kept here; its copy off the machine failed and is tried again. */
            copyFailing: {
              initial: 'appeared',
              always: [{ guard: 'hasBackupFailed', target: 'failed' }, { guard: 'isBackupOk', target: 'ok' }],
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
