// mailHealth, walked through the real <MailHealthBanner> along every edge of the production
// machine's graph: the first answer (ok, degraded, a failed backup with a low disk and the
// build's pages served, an unreadable disk with an older revision served, a failed check, an
// ended session), the check every minute and "Check again", each banner (mail, backups, disks,
// the published site) as an alert when it first appears and a status region after, a failed
// check keeping the last known health.
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { MAIL_HEALTH_INTERVAL_MS, mailHealthMachine } from '../../../src/machines/inbox/mail-health.machine.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { BackupHealth, BannerHealth } from '../../../src/validation/shared/backup-health.protocol.ts';
import type { DiskHealth } from '../../../src/validation/shared/disk-health.protocol.ts';
import type { SiteHealth } from '../../../src/validation/shared/site-health.protocol.ts';
import { MailHealthBanner } from '../../../src/views/inbox/mail-health-banner.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

const NO_BACKUP_YET: BackupHealth = { state: 'none', lastSuccessAt: null, lastSuccessArchive: null, lastFailureAt: null, lastFailureReason: null };
const BACKUP_OK: BackupHealth = { state: 'ok', lastSuccessAt: '2026-11-26T00:00:05.000Z', lastSuccessArchive: 'site-backup-2026-11-26T000000Z.zip', lastFailureAt: null, lastFailureReason: null };
const BACKUP_FAILED: BackupHealth = {
  state: 'failed',
  lastSuccessAt: '2026-11-25T00:00:05.000Z',
  lastSuccessArchive: 'site-backup-2026-11-25T000000Z.zip',
  lastFailureAt: '2026-11-26T00:00:02.000Z',
  lastFailureReason: 'ENOSPC: no space left on device, write',
};
const MB = 1024 ** 2;
const DISK_OK: DiskHealth = { state: 'ok', database: { freeBytes: 20_000 * MB, minFreeBytes: 100 * MB, low: false, unreadable: null }, uploads: { freeBytes: 20_000 * MB, minFreeBytes: 1024 * MB, low: false, unreadable: null } };
const DISK_LOW: DiskHealth = { state: 'low', database: { freeBytes: 80 * MB, minFreeBytes: 100 * MB, low: true, unreadable: null }, uploads: { freeBytes: 80 * MB, minFreeBytes: 1024 * MB, low: true, unreadable: null } };
const DISK_UNREADABLE: DiskHealth = {
  state: 'unreadable',
  database: null,
  uploads: { freeBytes: null, minFreeBytes: 1024 * MB, low: false, unreadable: "EACCES: permission denied, statfs '/srv/site/uploads'" },
};
const SITE_LIVE: SiteHealth = { state: 'live', servedRevision: 12, failedRevision: null, reason: null, attempts: 0, failedAt: null, nextAttemptAt: null };
const SITE_BUILD: SiteHealth = {
  state: 'build',
  servedRevision: 0,
  failedRevision: 12,
  reason: 'hero.heading: expected a string.',
  attempts: 3,
  failedAt: '2026-11-26T07:58:00.000Z',
  nextAttemptAt: '2026-11-26T08:02:00.000Z',
};
const SITE_STALE: SiteHealth = { ...SITE_BUILD, state: 'stale', servedRevision: 11, attempts: 1, nextAttemptAt: null };
const OK: BannerHealth = { state: 'ok', waiting: 0, oldestWaitingSince: null, lastError: null, lastAttemptAt: '2026-11-26T08:00:00.000Z', lastAttemptFailed: false, backup: NO_BACKUP_YET, disk: DISK_OK, site: SITE_LIVE };
const DEGRADED: BannerHealth = {
  state: 'degraded',
  waiting: 3,
  oldestWaitingSince: '2026-11-26T07:40:00.000Z',
  lastError: '535 5.7.8 Authentication failed',
  lastAttemptAt: '2026-11-26T08:00:00.000Z',
  lastAttemptFailed: true,
  backup: BACKUP_OK,
  disk: DISK_OK,
  site: SITE_LIVE,
};
// Mail, the backups, the disks and the published site failing at once: every banner.
const ALL_FAILING: BannerHealth = { ...DEGRADED, backup: BACKUP_FAILED, disk: DISK_LOW, site: SITE_BUILD };
// Mail delivered, a disk whose free space cannot be read, an older revision's pages served.
const UNREADABLE_STALE: BannerHealth = { ...OK, disk: DISK_UNREADABLE, site: SITE_STALE };
const BANNER = 'Mail is not being delivered: 3 waiting, oldest since 26 Nov 2026, 09:40. Last error from the mail server: 535 5.7.8 Authentication failed.';
const BACKUP_BANNER =
  'The last backup failed on 26 Nov 2026, 02:00: ENOSPC: no space left on device, write. The last good backup is from 25 Nov 2026, 02:00 (site-backup-2026-11-25T000000Z.zip).';
const session = { person: { id: 1, email: 'owner@example.com', role: 'owner' as const }, timeZone: 'Africa/Johannesburg', expiresAt: '2026-11-26T20:00:00.000Z', idleMinutes: 30 };
const onSessionEnded = vi.fn();
// A failed check is logged; the test keeps the output clean.
vi.spyOn(console, 'error').mockImplementation(() => {});

const DISK_BANNER =
  "The database's disk is nearly full: 80.0 MB free, less than the 100.0 MB it keeps free (DATABASE_MIN_FREE_BYTES). New messages may not be stored. " +
  "The uploads' disk is nearly full: 80.0 MB free, less than the 1.0 GB it keeps free (UPLOAD_MIN_FREE_BYTES). Files sent with messages are refused; the messages are still stored. " +
  'Ask whoever runs the server to free space there (old backups, logs) or to move the data to a larger disk.';
const DISK_UNREADABLE_BANNER =
  "The free space of the uploads' disk, UPLOAD_DIR (EACCES: permission denied, statfs '/srv/site/uploads') could not be read, so the server cannot warn you before it fills up. Messages are still taken. " +
  'Ask whoever runs the server to check that the folder exists, that the server may read it and that its disk answers.';
const SITE_ADVICE =
  'Ask whoever runs the server to read its log ("the pages of a new content revision could not be made") and fix the cause; if it came with the last update of the site\'s software, going back to the previous version shows the published content again.';
/** What the site's banner says, by what the server said. */
const SITE_BANNERS: Record<'build' | 'stale', string> = {
  build:
    'The site is not showing what was published in the console: the pages of revision 12 could not be made (hero.heading: expected a string), so visitors see the pages the site was built with, without the changes published since. ' +
    `The server tries again by itself, next on 26 Nov 2026, 10:02 (3 attempts so far). ${SITE_ADVICE}`,
  stale:
    'The site is showing older content: the pages of revision 12, the newest published in the console, could not be made (hero.heading: expected a string), so visitors see revision 11. ' +
    `The server tries again at the next publish. ${SITE_ADVICE}`,
};
const region = () => document.querySelector<HTMLElement>('.mail-health:not(.mail-health--backup):not(.mail-health--disk):not(.mail-health--site)')!;
const backupRegion = () => document.querySelector<HTMLElement>('.mail-health--backup')!;
const diskRegion = () => document.querySelector<HTMLElement>('.mail-health--disk')!;
const siteRegion = () => document.querySelector<HTMLElement>('.mail-health--site')!;
type Health = { context: { health: BannerHealth | null } };
const siteBanner = (snapshot: Health) => SITE_BANNERS[snapshot.context.health?.site.state === 'stale' ? 'stale' : 'build'];
const checks = (fakes: Record<string, unknown>) => (fakes.checkMailHealth as FakePromiseActor).instances.length;

function expectNoBanner() {
  expect(region()).not.toBeVisible();
  expect(screen.queryByText(/Mail is not being delivered/)).toBeNull();
}

function expectNoBackupBanner() {
  expect(backupRegion()).not.toBeVisible();
  expect(screen.queryByText(/backup failed/)).toBeNull();
}

function expectNoDiskBanner() {
  expect(diskRegion()).not.toBeVisible();
  expect(screen.queryByText(/disk is nearly full|could not be read/)).toBeNull();
}

function expectNoSiteBanner() {
  expect(siteRegion()).not.toBeVisible();
  expect(screen.queryByText(/published in the console/)).toBeNull();
}

describeModel({
  machine: mailHealthMachine,
  input: { api: createConsoleApi() },
  eventSamples: [
    { type: 'xstate.done.actor.checkMailHealth', output: OK },
    { type: 'xstate.done.actor.checkMailHealth', output: DEGRADED },
    { type: 'xstate.done.actor.checkMailHealth', output: ALL_FAILING },
    { type: 'xstate.done.actor.checkMailHealth', output: UNREADABLE_STALE },
    { type: 'xstate.error.actor.checkMailHealth', error: new ConsoleApiError('fetch_error', 'The server could not be reached.', 0) },
    { type: 'xstate.error.actor.checkMailHealth', error: new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'The session has ended.', 401) },
  ],
  fakes: { checkMailHealth: () => fakePromiseActor() },
  setup: () => {
    onSessionEnded.mockClear();
  },
  render: ({ logic, inspect }) => <MailHealthBanner session={session} api={createConsoleApi()} onSessionEnded={onSessionEnded} navigate={() => undefined} logic={logic} inspect={inspect} />,
  events: {
    'mail.recheck': ({ user }) => user.click(screen.getByRole('button', { name: 'Check again' })),
    // Every minute, not sooner: the harness checks that no request went out before the deadline.
    'xstate.after.mailHealthInterval.mailHealth.watching.check.waiting': async ({ fakes, advanceToDelay }) => {
      const before = checks(fakes);
      await advanceToDelay(() => expect(checks(fakes)).toBe(before));
      expect(MAIL_HEALTH_INTERVAL_MS).toBe(60_000);
    },
  },
  // "Check again" is on the banner: with nothing wrong there is nothing to press.
  filterEvents: (snapshot, event) => event.type !== 'mail.recheck' || snapshot.matches({ watching: { health: 'degraded' } }),
  states: {
    'watching.health.unknown': expectNoBanner,
    'watching.health.ok': expectNoBanner,
    'watching.health.degraded.appeared': () => {
      expect(region()).toHaveRole('alert');
      expect(region()).toHaveTextContent(BANNER);
      expect(within(region()).getByRole('button', { name: 'Check again' })).toBeEnabled();
    },
    'watching.health.degraded.continuing': () => {
      expect(region()).toHaveRole('status');
      expect(region()).toHaveTextContent(BANNER);
    },
    'watching.backup.unknown': expectNoBackupBanner,
    'watching.backup.ok': expectNoBackupBanner,
    'watching.backup.failed.appeared': () => {
      expect(backupRegion()).toBeVisible();
      expect(backupRegion()).toHaveRole('alert');
      expect(backupRegion()).toHaveTextContent(BACKUP_BANNER);
    },
    'watching.backup.failed.continuing': () => {
      expect(backupRegion()).toHaveRole('status');
      expect(backupRegion()).toHaveTextContent(BACKUP_BANNER);
    },
    'watching.disk.unknown': expectNoDiskBanner,
    'watching.disk.ok': expectNoDiskBanner,
    'watching.disk.low.appeared': () => {
      expect(diskRegion()).toBeVisible();
      expect(diskRegion()).toHaveRole('alert');
      expect(diskRegion()).toHaveTextContent(DISK_BANNER);
    },
    'watching.disk.low.continuing': () => {
      expect(diskRegion()).toHaveRole('status');
      expect(diskRegion()).toHaveTextContent(DISK_BANNER);
    },
    'watching.disk.unreadable.appeared': () => {
      expect(diskRegion()).toBeVisible();
      expect(diskRegion()).toHaveRole('alert');
      expect(diskRegion()).toHaveTextContent(DISK_UNREADABLE_BANNER);
    },
    'watching.disk.unreadable.continuing': () => {
      expect(diskRegion()).toHaveRole('status');
      expect(diskRegion()).toHaveTextContent(DISK_UNREADABLE_BANNER);
    },
    'watching.site.unknown': expectNoSiteBanner,
    'watching.site.live': expectNoSiteBanner,
    'watching.site.unserved.appeared': ({ snapshot }) => {
      expect(siteRegion()).toBeVisible();
      expect(siteRegion()).toHaveRole('alert');
      expect(siteRegion()).toHaveTextContent(siteBanner(snapshot));
    },
    'watching.site.unserved.continuing': ({ snapshot }) => {
      expect(siteRegion()).toHaveRole('status');
      expect(siteRegion()).toHaveTextContent(siteBanner(snapshot));
    },
    'watching.check.checking': ({ fakes, snapshot }) => {
      expect((fakes.checkMailHealth as FakePromiseActor).pending).toBeDefined();
      if (snapshot.matches({ watching: { health: 'degraded' } })) expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    },
    'watching.check.waiting': ({ fakes }) => {
      expect((fakes.checkMailHealth as FakePromiseActor).pending).toBeUndefined();
    },
    signedOut: () => {
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expectNoBanner();
      expectNoBackupBanner();
      expectNoDiskBanner();
      expectNoSiteBanner();
    },
  },
});
