// backups, walked through the real <BackupsPage> along every edge of the production machine's
// graph: the first load (nothing running, a backup already running, the server unreachable, a
// signed-out answer) and Try again; "Back up now" (started, another job running instead, the
// request refused) and "Copy again" on an archive whose copy failed; the job followed every two
// seconds to each of its outcomes (backed up and copied, backed up but not copied, failed, an
// archive copied, its copy failed again), an unanswered poll asked again. Each failure is said in
// words, with what to check and the system's own message below.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { BACKUPS_POLL_MS, backupsMachine } from '../../../src/machines/backups/backups.machine.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import type { Backups, KeptArchive, Started } from '../../../src/validation/backups/backups.protocol.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { OffsiteHealth } from '../../../src/validation/shared/backup-health.protocol.ts';
import { BackupsPage } from '../../../src/views/backups/backups-page.view.tsx';
import { consolePageProps } from '../../support/console-page.ts';
import { describeModel, fakePromiseActor, type ActorCompletionEvent, type FakePromiseActor, type ModelConfig, type StateAssertion } from '../harness/index.ts';

type Machine = typeof backupsMachine;
type Snapshot = SnapshotFrom<Machine>;

const WHERE = 'company-backups/site/ at s3.eu-west-1.amazonaws.com';
const FOLDER = '/srv/site/data/backups';
const OLDEST = 'site-backup-2026-12-03T000000Z.zip';
const OLDER = 'site-backup-2026-12-04T000000Z.zip';
const NEWEST = 'site-backup-2026-12-05T000000Z.zip';
const MADE_NOW = 'site-backup-2026-12-05T080001Z.zip';
const UNREACHABLE_RAW = 'connect ECONNREFUSED 52.95.150.1:443';
const ENOTDIR_RAW = "ENOTDIR: not a directory, mkdir '/srv/site/data/backups'";

const archive = (name: string, copy: Partial<KeptArchive['copy']>): KeptArchive => ({
  name,
  bytes: 1_700_000,
  createdAt: `${name.slice(12, 22)}T${name.slice(23, 25)}:${name.slice(25, 27)}:${name.slice(27, 29)}.000Z`,
  copy: { state: 'ok', copiedAt: '2026-12-05T00:00:09.000Z', attempts: 1, nextAttemptAt: null, failure: null, ...copy },
});
const COPIED = (name: string) => archive(name, {});
const COPY_FAILING = (name: string, attempts = 2) =>
  archive(name, { state: 'failing', copiedAt: null, attempts, nextAttemptAt: '2026-12-05T08:20:00.000Z', failure: { code: 'offsiteUnreachable', raw: UNREACHABLE_RAW } });

const OFFSITE_OK: OffsiteHealth = { state: 'ok', archive: NEWEST, lastCopiedAt: '2026-12-05T00:00:09.000Z', attempts: 1, nextAttemptAt: null, reason: null, code: null };
const offsiteFailing = (name: string): OffsiteHealth => ({ state: 'failing', archive: name, lastCopiedAt: '2026-12-05T00:00:09.000Z', attempts: 1, nextAttemptAt: '2026-12-05T08:05:01.000Z', reason: UNREACHABLE_RAW, code: 'offsiteUnreachable' });

const base: Backups = {
  schedule: { times: ['02:00'], nextAt: '2026-12-06T00:00:00.000Z', keep: 14 },
  folder: FOLDER,
  offsite: { configured: true, where: WHERE, health: OFFSITE_OK },
  running: null,
  lastRun: { status: 'ok', trigger: 'schedule', startedAt: '2026-12-05T00:00:00.000Z', finishedAt: '2026-12-05T00:00:05.000Z', archive: NEWEST, bytes: 1_700_000, failure: null },
  archives: [COPIED(NEWEST), COPY_FAILING(OLDER), COPY_FAILING(OLDEST)],
};

/** Nothing running: the last scheduled backup, copied; an older archive's copy failing. */
const IDLE: Backups = base;
/** "Back up now" pressed: the backup writing its archive. */
const BACKING_UP: Backups = { ...base, running: { kind: 'backup', trigger: 'console', startedAt: '2026-12-05T08:00:00.000Z', machine: 'web-1', phase: 'archiving', done: 600_000, total: 1_800_000, archive: null } };
/** The schedule's backup copying the database, which nobody can measure beforehand. */
const SCHEDULE_RUNNING: Backups = { ...base, running: { kind: 'backup', trigger: 'schedule', startedAt: '2026-12-05T08:00:00.000Z', machine: 'web-2', phase: 'database', done: null, total: null, archive: null } };
/** The older archive being copied again. */
const COPYING: Backups = { ...base, running: { kind: 'copy', trigger: 'console', startedAt: '2026-12-05T08:00:00.000Z', machine: 'web-1', phase: 'copying', done: 400_000, total: 1_700_000, archive: OLDER } };
/** After the backup: its archive made and copied. */
const BACKED_UP: Backups = {
  ...base,
  lastRun: { status: 'ok', trigger: 'console', startedAt: '2026-12-05T08:00:01.000Z', finishedAt: '2026-12-05T08:00:04.000Z', archive: MADE_NOW, bytes: 1_800_000, failure: null },
  archives: [COPIED(MADE_NOW), COPIED(NEWEST), COPY_FAILING(OLDER), COPY_FAILING(OLDEST)],
  offsite: { ...base.offsite, health: { ...OFFSITE_OK, archive: MADE_NOW } },
};
/** After the backup: its archive made, the storage down. */
const NOT_COPIED: Backups = {
  ...BACKED_UP,
  archives: [COPY_FAILING(MADE_NOW, 1), COPIED(NEWEST), COPY_FAILING(OLDER), COPY_FAILING(OLDEST)],
  offsite: { ...base.offsite, health: offsiteFailing(MADE_NOW) },
};
/** After the backup: it failed, BACKUP_DIR a file. */
const FAILED: Backups = {
  ...base,
  lastRun: { status: 'failed', trigger: 'console', startedAt: '2026-12-05T08:00:01.000Z', finishedAt: '2026-12-05T08:00:01.500Z', archive: null, bytes: null, failure: { code: 'notAFolder', raw: ENOTDIR_RAW } },
};
/** After the copy: the older archive copied at last; the oldest one's copy still failing. */
const COPIED_AGAIN: Backups = { ...base, archives: [COPIED(NEWEST), COPIED(OLDER), COPY_FAILING(OLDEST)] };

const SAMPLES = new Map<Backups, string>([
  [IDLE, 'idle'],
  [BACKING_UP, 'backingUp'],
  [SCHEDULE_RUNNING, 'scheduleRunning'],
  [COPYING, 'copying'],
  [BACKED_UP, 'backedUp'],
  [NOT_COPIED, 'notCopied'],
  [FAILED, 'failed'],
  [COPIED_AGAIN, 'copiedAgain'],
]);

const SIGNED_OUT = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'Your session has ended.', 401);
const UNREACHABLE = new ConsoleApiError('fetch_error', 'The server could not be reached (Failed to fetch). Check the connection and try again.', 0);

let props = consolePageProps('owner');
const loads = (fakes: Record<string, unknown>) => (fakes.loadBackups as FakePromiseActor).instances.length;
const backUpNow = () => screen.getByRole('button', { name: 'Back up now' });
const statusText = () => document.querySelector('.backups-status')?.textContent ?? '';
const section = (name: string) => screen.getByRole('heading', { level: 2, name }).parentElement!;

/** What every state that shows the backups shows: the sections, each archive downloadable. */
function expectPage(snapshot: Snapshot) {
  const backups = snapshot.context.backups!;
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Last backup', 'Off-site copy', 'Schedule', 'Archives kept']);
  expect(section('Schedule')).toHaveTextContent('Every day at 02:00 (Africa/Johannesburg). Next: ');
  expect(section('Schedule')).toHaveTextContent('The newest 14 archives are kept on this server and in the off-site storage; older ones are deleted (BACKUP_KEEP).');
  expect(section('Off-site copy')).toHaveTextContent(`Each archive is copied to ${WHERE} after it is made.`);
  const table = within(section('Archives kept')).getByRole('table');
  expect(within(table).getAllByRole('row')).toHaveLength(backups.archives.length + 1);
  for (const kept of backups.archives) {
    const link = within(table).getByRole('link', { name: `Download ${kept.name}` });
    expect(link).toHaveAttribute('href', `http://localhost/admin/api/backups/archives/${kept.name}`);
    expect(link).toHaveAttribute('download', kept.name);
  }
  const last = backups.lastRun!;
  if (last.status === 'ok') expect(section('Last backup')).toHaveTextContent(`${last.archive} (${(last.bytes! / 1024 / 1024).toFixed(1)} MB).`);
}

/** A failure in words, with what to check, and the system's message below for the developer. */
function expectFailureWords(container: HTMLElement, what: string, check: string, raw: string) {
  expect(container).toHaveTextContent(what);
  expect(container).toHaveTextContent(check);
  expect(container).toHaveTextContent(`The system’s message, for whoever runs the server:${raw}`);
}
const COPY_WHAT = `The copy to the off-site storage (${WHERE}) failed: the storage could not be reached.`;
const COPY_CHECK = "Check the storage's address (the host in BACKUP_S3_URL) and that the server can reach the internet";

function expectSettled(snapshot: Snapshot) {
  expectPage(snapshot);
  expect(backUpNow()).toBeEnabled();
  expect(screen.queryByRole('progressbar')).toBeNull();
}

const expectRunning: StateAssertion<Machine> = ({ snapshot }) => {
  expectPage(snapshot);
  expect(backUpNow()).toBeDisabled();
  const running = snapshot.context.backups!.running!;
  const bar = screen.getByRole('progressbar');
  if (running.phase === 'database') {
    expect(screen.getByText('Copying the database…')).toBeVisible();
    expect(bar).not.toHaveAttribute('value');
    expect(bar).toHaveAccessibleName('How far the backup has got (not known yet)');
  } else {
    expect(bar).toHaveAttribute('value', String(running.done));
    expect(bar).toHaveAttribute('max', String(running.total));
    expect(screen.getByText(running.kind === 'copy' ? `Copying ${OLDER} to the off-site storage: 391 KB of 1.6 MB` : 'Writing the archive: 586 KB of 1.7 MB')).toBeVisible();
  }
  expect(document.querySelector('.backups-progress__started')).toHaveTextContent(`${running.trigger === 'schedule' ? 'by the schedule' : 'with Back up now'}, on the server ${running.machine}.`);
  // Copying again waits for the job too.
  for (const copy of screen.queryAllByRole('button', { name: /^Copy again/ })) expect(copy).toBeDisabled();
};

/**
 * Polls follow only jobs that are running (the server says one is, or has just ended it); a first
 * load never answers a job's outcome, and "Copy again" is on an archive whose copy failed.
 */
function allowed(snapshot: Snapshot, event: Parameters<NonNullable<ModelConfig<Machine>['filterEvents']>>[1] | ActorCompletionEvent): boolean {
  if (event.type === 'xstate.done.actor.loadBackups' && 'output' in event) {
    const answers = snapshot.matches('loading') ? [IDLE, SCHEDULE_RUNNING] : snapshot.context.watched?.kind === 'backup' ? [SCHEDULE_RUNNING, BACKED_UP, NOT_COPIED, FAILED] : [SCHEDULE_RUNNING, COPIED_AGAIN, IDLE];
    return answers.some((answer) => answer === event.output);
  }
  if (event.type === 'copy.start') return snapshot.context.backups?.archives.some((kept) => kept.name === event.archive && kept.copy.state === 'failing') === true;
  return true;
}

describeModel({
  machine: backupsMachine,
  input: { api: props.api },
  eventSamples: [
    { type: 'xstate.done.actor.loadBackups', output: IDLE },
    { type: 'xstate.done.actor.loadBackups', output: SCHEDULE_RUNNING },
    { type: 'xstate.done.actor.loadBackups', output: BACKED_UP },
    { type: 'xstate.done.actor.loadBackups', output: NOT_COPIED },
    { type: 'xstate.done.actor.loadBackups', output: FAILED },
    { type: 'xstate.done.actor.loadBackups', output: COPIED_AGAIN },
    { type: 'xstate.error.actor.loadBackups', error: UNREACHABLE },
    { type: 'xstate.error.actor.loadBackups', error: SIGNED_OUT },
    { type: 'xstate.done.actor.requestBackup', output: { started: true, backups: BACKING_UP } satisfies Started },
    // Another job was running: the page follows that one.
    { type: 'xstate.done.actor.requestBackup', output: { started: false, backups: COPYING } satisfies Started },
    // Nothing started, nothing running (one had just ended): the page as it is.
    { type: 'xstate.done.actor.requestBackup', output: { started: false, backups: IDLE } satisfies Started },
    { type: 'xstate.error.actor.requestBackup', error: UNREACHABLE },
    { type: 'xstate.error.actor.requestBackup', error: SIGNED_OUT },
    { type: 'xstate.done.actor.requestCopy', output: { started: true, backups: COPYING } satisfies Started },
    // Nothing started, nothing running (the copy had just been made by the server's own retry).
    { type: 'xstate.done.actor.requestCopy', output: { started: false, backups: IDLE } satisfies Started },
    { type: 'xstate.error.actor.requestCopy', error: UNREACHABLE },
    { type: 'xstate.error.actor.requestCopy', error: SIGNED_OUT },
    { type: 'copy.start', archive: OLDER },
    // A second failing archive, copied again after the first.
    { type: 'copy.start', archive: OLDEST },
  ],
  fakes: { loadBackups: () => fakePromiseActor(), requestBackup: () => fakePromiseActor(), requestCopy: () => fakePromiseActor() },
  effects: {
    requestCopy: ({ input, from }) => {
      expect(input.archive).toBe(from.context.archive);
      expect([OLDER, OLDEST]).toContain(input.archive);
    },
  },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, backups: snapshot.context.backups === null ? null : SAMPLES.get(snapshot.context.backups), watched: snapshot.context.watched?.kind ?? null, archive: snapshot.context.archive }),
  filterEvents: allowed,
  render: ({ logic, inspect }) => {
    props = consolePageProps('owner');
    return <BackupsPage {...props} logic={logic} inspect={inspect} />;
  },
  events: {
    'backups.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'backup.start': ({ user }) => user.click(backUpNow()),
    'copy.start': ({ user, event }) => {
      if (event.type !== 'copy.start') throw new Error(`copy.start's executor got ${event.type}`);
      return user.click(within(section('Archives kept')).getByRole('button', { name: `Copy again ${event.archive}` }));
    },
    // Every two seconds while a job runs, not sooner: no request goes out before the deadline.
    'xstate.after.pollInterval.backups.watching.waiting': async ({ fakes, advanceToDelay }) => {
      const before = loads(fakes);
      await advanceToDelay(() => expect(loads(fakes)).toBe(before));
      expect(BACKUPS_POLL_MS).toBe(2_000);
    },
    'xstate.after.pollInterval.backups.watching.lost': async ({ fakes, advanceToDelay }) => {
      const before = loads(fakes);
      await advanceToDelay(() => expect(loads(fakes)).toBe(before));
    },
  },
  states: {
    loading: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Backups' })).toHaveAttribute('id', 'console-page-title');
      expect(screen.getByRole('status')).toHaveTextContent('Loading the backups…');
      expect(screen.queryByRole('button', { name: 'Back up now' })).toBeNull();
    },
    failed: ({ snapshot }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`The backups could not be loaded. ${snapshot.context.problem}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    shown: ({ snapshot }) => {
      expectSettled(snapshot);
      expect(statusText()).toBe('');
      expect(screen.queryByRole('alert')).toBeNull();
      // The older archive's failed copy: in words under Why, with Copy again.
      const table = within(section('Archives kept')).getByRole('table');
      const row = within(table).getByRole('link', { name: `Download ${OLDER}` }).closest('tr')!;
      expect(row).toHaveTextContent('Failed (2 attempts)');
      expectFailureWords(within(row).getByText('Why').closest('details')!, COPY_WHAT, COPY_CHECK, UNREACHABLE_RAW);
      expect(within(row).getByRole('button', { name: `Copy again ${OLDER}` })).toBeEnabled();
      expect(section('Off-site copy')).toHaveTextContent('The newest archive was copied 05 Dec 2026, 02:00.');
    },
    starting: ({ snapshot }) => {
      expectPage(snapshot);
      expect(statusText()).toBe('Starting…');
      expect(backUpNow()).toBeDisabled();
    },
    startingCopy: ({ snapshot }) => {
      expectPage(snapshot);
      expect(statusText()).toBe('Starting…');
      expect(within(section('Archives kept')).getByRole('button', { name: `Copy again ${snapshot.context.archive}` })).toBeDisabled();
    },
    refused: ({ snapshot }) => {
      expectSettled(snapshot);
      expect(screen.getByRole('alert')).toHaveTextContent(`The job could not be started. ${UNREACHABLE.message}`);
    },
    'watching.waiting': expectRunning,
    'watching.polling': expectRunning,
    'watching.lost': (state) => {
      expectRunning(state);
      expect(statusText()).toBe(`The server did not answer (${UNREACHABLE.message}). Asking again…`);
    },
    backedUp: ({ snapshot }) => {
      expectSettled(snapshot);
      expect(statusText()).toBe(`The backup is done: ${MADE_NOW} (1.7 MB), copied to the off-site storage.`);
      expect(screen.queryByRole('alert')).toBeNull();
    },
    backedUpNotCopied: ({ snapshot }) => {
      expectSettled(snapshot);
      expect(statusText()).toBe(`The backup is done: ${MADE_NOW} is kept on this server, but its copy to the off-site storage failed (see Off-site copy). The server tries again by itself.`);
      const alert = within(section('Off-site copy')).getByRole('alert');
      expectFailureWords(alert, COPY_WHAT, COPY_CHECK, UNREACHABLE_RAW);
      expect(section('Off-site copy')).toHaveTextContent(`${MADE_NOW} is kept on this server. Next attempt: 05 Dec 2026, 10:05 (1 attempt so far).`);
      expect(within(section('Off-site copy')).getByRole('button', { name: 'Copy again now' })).toBeEnabled();
    },
    backupFailed: ({ snapshot }) => {
      expectSettled(snapshot);
      expect(statusText()).toBe('The backup failed: see Last backup.');
      const alert = within(section('Last backup')).getByRole('alert');
      expectFailureWords(
        alert,
        'The backup could not be made: the backup folder is not a folder: a file is in its place, or in the place of a folder above it.',
        `Check BACKUP_DIR (${FOLDER}): it must name a folder the server can create or write to, not a file.`,
        ENOTDIR_RAW,
      );
      expect(section('Last backup')).toHaveTextContent('Failed 05 Dec 2026, 10:00, with Back up now.');
    },
    copied: ({ snapshot }) => {
      expectSettled(snapshot);
      expect(statusText()).toBe(`${snapshot.context.watched!.archive} was copied to the off-site storage.`);
      // Copy again stays only on the archives whose copy still fails.
      const failing = snapshot.context.backups!.archives.filter((kept) => kept.copy.state === 'failing').map((kept) => `Copy again ${kept.name}`);
      expect(within(section('Archives kept')).queryAllByRole('button', { name: /^Copy again / }).map((button) => button.textContent)).toEqual(failing);
    },
    copyFailed: ({ snapshot }) => {
      expectSettled(snapshot);
      expect(statusText()).toBe(`${snapshot.context.watched!.archive} could not be copied: its reason is under Archives kept.`);
    },
    signedOut: () => {
      expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
    },
  },
});
