// mailHealth, walked through the real <MailHealthBanner> along every edge of the production
// machine's graph: each of mail health's named states (README.md, "Mail health": healthy,
// delivering on time and late, not set up with a failed backup, a low disk and the build's pages
// served, no company address with an unreadable disk, an older revision served and the newest backup not copied off the machine, failing with
// the login refused, the server unreachable, its certificate refused, a message refused), a
// failed check, an ended session; the check every minute and "Check again", each banner (mail
// with its cause and next step, backups, disks, the published site) as an alert when it first
// appears and a status region after, a new mail state appearing anew, a failed check keeping the
// last known health.
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { MAIL_HEALTH_INTERVAL_MS, mailHealthMachine } from '../../../src/machines/inbox/mail-health.machine.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { BackupHealth, BannerHealth } from '../../../src/validation/shared/backup-health.protocol.ts';
import type { MailHealth } from '../../../src/validation/shared/mail-health.protocol.ts';
import type { DiskHealth } from '../../../src/validation/shared/disk-health.protocol.ts';
import type { SiteHealth } from '../../../src/validation/shared/site-health.protocol.ts';
import { MailHealthBanner } from '../../../src/views/inbox/mail-health-banner.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

const NO_COPY: BackupHealth['offsite'] = { state: 'off', archive: null, lastCopiedAt: null, attempts: 0, nextAttemptAt: null, reason: null, code: null };
const NO_BACKUP_YET: BackupHealth = { state: 'none', lastSuccessAt: null, lastSuccessArchive: null, lastFailureAt: null, lastFailureReason: null, lastFailureCode: null, offsite: NO_COPY };
const BACKUP_OK: BackupHealth = {
  state: 'ok',
  lastSuccessAt: '2026-11-26T00:00:05.000Z',
  lastSuccessArchive: 'site-backup-2026-11-26T000000Z.zip',
  lastFailureAt: null,
  lastFailureReason: null,
  lastFailureCode: null,
  offsite: { ...NO_COPY, state: 'ok', archive: 'site-backup-2026-11-26T000000Z.zip', lastCopiedAt: '2026-11-26T00:00:09.000Z', attempts: 1 },
};
const BACKUP_FAILED: BackupHealth = {
  state: 'failed',
  lastSuccessAt: '2026-11-25T00:00:05.000Z',
  lastSuccessArchive: 'site-backup-2026-11-25T000000Z.zip',
  lastFailureAt: '2026-11-26T00:00:02.000Z',
  lastFailureReason: 'ENOSPC: no space left on device, write',
  lastFailureCode: 'diskFull',
  offsite: NO_COPY,
};
// The backup made and kept here; its copy to the off-site storage failing (README.md, "Backups and restore").
const BACKUP_COPY_FAILING: BackupHealth = {
  ...BACKUP_OK,
  offsite: { state: 'failing', archive: 'site-backup-2026-11-26T000000Z.zip', lastCopiedAt: '2026-11-25T00:00:09.000Z', attempts: 2, nextAttemptAt: '2026-11-26T00:15:05.000Z', reason: 'connect ECONNREFUSED 52.95.150.1:443', code: 'offsiteUnreachable' },
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
const FIRST_MAIL = '2026-11-26T07:40:00.000Z';
const LAST_WENT = '2026-11-26T06:30:00.000Z';
const MAIL: Record<string, MailHealth> = {
  healthy: { state: 'healthy', lastDeliveredAt: '2026-11-26T08:00:00.000Z', backlog: { waiting: 0, oldestWaitingSince: null, held: 0 } },
  onTime: { state: 'delivering', late: false, lastDeliveredAt: '2026-11-26T08:00:00.000Z', backlog: { waiting: 2, oldestWaitingSince: '2026-11-26T07:58:00.000Z', held: 0 } },
  late: { state: 'delivering', late: true, lastDeliveredAt: LAST_WENT, backlog: { waiting: 3, oldestWaitingSince: FIRST_MAIL, held: 0 } },
  notConfigured: { state: 'notConfigured', variable: 'SMTP_URL', companyAddressSet: false, backlog: { waiting: 7, oldestWaitingSince: FIRST_MAIL, held: 0 } },
  noCompanyAddress: { state: 'noCompanyAddress', variable: 'MAIL_TO', withoutRecipient: 2, lastDeliveredAt: LAST_WENT, backlog: { waiting: 2, oldestWaitingSince: FIRST_MAIL, held: 0 } },
  login: { state: 'failing', reason: 'login', smtpAnswer: 'Invalid login: 535 5.7.8 Authentication failed', failingSince: FIRST_MAIL, lastDeliveredAt: LAST_WENT, backlog: { waiting: 3, oldestWaitingSince: FIRST_MAIL, held: 0 } },
  connection: { state: 'failing', reason: 'connection', smtpAnswer: 'connect ECONNREFUSED 127.0.0.1:2525', failingSince: FIRST_MAIL, lastDeliveredAt: null, backlog: { waiting: 6, oldestWaitingSince: FIRST_MAIL, held: 0 } },
  certificate: { state: 'failing', reason: 'certificate', smtpAnswer: 'self-signed certificate', failingSince: FIRST_MAIL, lastDeliveredAt: LAST_WENT, backlog: { waiting: 1, oldestWaitingSince: FIRST_MAIL, held: 0 } },
  other: { state: 'failing', reason: 'other', smtpAnswer: '550 5.1.1 Recipient address rejected', failingSince: null, lastDeliveredAt: LAST_WENT, backlog: { waiting: 0, oldestWaitingSince: null, held: 1 } },
};
const OK: BannerHealth = { mail: MAIL.healthy!, backup: NO_BACKUP_YET, disk: DISK_OK, site: SITE_LIVE };
const answer = (mail: MailHealth): BannerHealth => ({ mail, backup: BACKUP_OK, disk: DISK_OK, site: SITE_LIVE });
// Mail not set up, the backups, the disks and the published site failing at once: every banner.
const ALL_FAILING: BannerHealth = { mail: MAIL.notConfigured!, backup: BACKUP_FAILED, disk: DISK_LOW, site: SITE_BUILD };
// No company address, a disk whose free space cannot be read, an older revision's pages served.
const UNREADABLE_STALE: BannerHealth = { ...OK, mail: MAIL.noCompanyAddress!, backup: BACKUP_COPY_FAILING, disk: DISK_UNREADABLE, site: SITE_STALE };
/** What mail's banner says in each state that needs the owner: what happens, why, what to do. */
const MAIL_BANNER: Record<string, string[]> = {
  notConfigured: [
    'Mail is not set up: nothing is being sent.',
    'SMTP_URL is not set on the server, so the site keeps every mail in its outbox and sends none: 7 waiting, the oldest since 26 Nov 2026, 09:40.',
    'Ask whoever runs the server to set SMTP_URL to your mail provider’s SMTP server (smtp://user:password@host:587) and restart the site: the waiting mail then goes out by itself. Set MAIL_TO to the company’s address at the same time: without it the company’s copy of each message has no recipient.',
  ],
  noCompanyAddress: [
    'The company’s copy of each message has no recipient: MAIL_TO is not set.',
    'Mail to visitors and subscribers goes out, but the copies meant for the company wait: 2 waiting.',
    'Ask whoever runs the server to set MAIL_TO to the address that should receive the website’s messages (for example info@yourcompany.co.za) and restart the site: the waiting copies then go out by themselves.',
  ],
  'failing.login': [
    'Mail is failing: the mail server refused the login.',
    'The mail server answered: “Invalid login: 535 5.7.8 Authentication failed”. Failing since 26 Nov 2026, 09:40. Mail last went out on 26 Nov 2026, 08:30. 3 waiting, the oldest since 26 Nov 2026, 09:40.',
    'Check the user name and password in SMTP_URL with your mail provider (a changed password, or an app password the provider asks for), then restart the site. The waiting mail is tried again by itself.',
  ],
  'failing.connection': [
    'Mail is failing: the mail server cannot be reached.',
    'The mail server answered: “connect ECONNREFUSED 127.0.0.1:2525”. Failing since 26 Nov 2026, 09:40. No mail has gone out yet. 6 waiting, the oldest since 26 Nov 2026, 09:40.',
    'Check the host and port in SMTP_URL (your provider’s SMTP server, usually port 587 or 465) and that this server may connect to it',
  ],
  'failing.certificate': ['Mail is failing: the mail server’s certificate was not accepted.', '“self-signed certificate”', 'smtps:// for port 465 and smtp:// for port 587'],
  'failing.other': [
    'Mail is failing: the mail server refused a message.',
    'The mail server answered: “550 5.1.1 Recipient address rejected”. Mail last went out on 26 Nov 2026, 08:30. Nothing is waiting. 1 mail was given up on after MAIL_MAX_AGE and is held: open the message in the inbox and choose “Try again now”',
    'If the answer names an address, that mailbox refused the mail',
  ],
  'delivering.late': [
    'Mail is going out slowly: 3 waiting, the oldest since 26 Nov 2026, 09:40.',
    'The mail server has refused nothing since mail last went out, but the oldest mail has waited more than 15 minutes. Mail last went out on 26 Nov 2026, 08:30.',
    'If it keeps waiting, ask whoever runs the server to read the server’s log',
  ],
};
const BACKUP_BANNER =
  'The last backup failed on 26 Nov 2026, 02:00. The backup could not be made: the disk is full. Free space on the disk of the backup folder (BACKUP_DIR) (old archives, logs), or move BACKUP_DIR to a larger disk: a backup needs about as much room as the database and the uploads take. The last good backup is from 25 Nov 2026, 02:00 (site-backup-2026-11-25T000000Z.zip).';
const BACKUP_RAW = 'The system’s message, for whoever runs the server: ENOSPC: no space left on device, write';
const COPY_BANNER =
  "The newest backup, site-backup-2026-11-26T000000Z.zip, is kept on this server, but not off it. The copy to the off-site storage failed: the storage could not be reached. Check the storage's address (the host in BACKUP_S3_URL) and that the server can reach the internet; the storage may also be down for a while. The server tries the copy again by itself. Next attempt: 26 Nov 2026, 02:15 (2 attempts so far).";
const COPY_RAW = 'The system’s message, for whoever runs the server: connect ECONNREFUSED 52.95.150.1:443';
/** The backups' banner: its words, the system's message apart, and the way to the Backups page (the session is an owner's). */
const backupBanner = (words: string, raw: string, role: 'alert' | 'status') => () => {
  expect(backupRegion()).toBeVisible();
  expect(backupRegion()).toHaveRole(role);
  expect(backupRegion()).toHaveTextContent(words);
  expect(backupRegion()).toHaveTextContent(raw);
  expect(within(backupRegion()).getByRole('link', { name: 'Open Backups' })).toHaveAttribute('href', '#/backups');
};
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
  expect(region()).toBeEmptyDOMElement();
}

/** Mail's banner in `state`: its words, as an alert when it has just appeared, a status region after. */
const mailBanner = (state: string, phase: 'appeared' | 'continuing') => () => {
  expect(region()).toBeVisible();
  expect(region()).toHaveRole(phase === 'appeared' ? 'alert' : 'status');
  for (const words of MAIL_BANNER[state]!) expect(region()).toHaveTextContent(words);
  if (phase === 'appeared') expect(within(region()).getByRole('button', { name: 'Check again' })).toBeEnabled();
};
const MAIL_BANNER_STATES = Object.fromEntries(
  Object.keys(MAIL_BANNER).flatMap((state) => (['appeared', 'continuing'] as const).map((phase) => [`watching.mail.${state}.${phase}`, mailBanner(state, phase)])),
);

function expectNoBackupBanner() {
  expect(backupRegion()).not.toBeVisible();
  expect(screen.queryByText(/backup failed|is kept on this server/)).toBeNull();
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
    { type: 'xstate.done.actor.checkMailHealth', output: ALL_FAILING },
    { type: 'xstate.done.actor.checkMailHealth', output: UNREADABLE_STALE },
    ...(['onTime', 'late', 'login', 'connection', 'certificate', 'other'] as const).map((name) => ({ type: 'xstate.done.actor.checkMailHealth' as const, output: answer(MAIL[name]!) })),
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
  filterEvents: (snapshot, event) => event.type !== 'mail.recheck' || snapshot.hasTag('mailBanner'),
  states: {
    'watching.mail.unknown': expectNoBanner,
    'watching.mail.healthy': expectNoBanner,
    'watching.mail.delivering.onTime': expectNoBanner,
    ...MAIL_BANNER_STATES,
    'watching.backup.unknown': expectNoBackupBanner,
    'watching.backup.ok': expectNoBackupBanner,
    'watching.backup.failed.appeared': backupBanner(BACKUP_BANNER, BACKUP_RAW, 'alert'),
    'watching.backup.failed.continuing': backupBanner(BACKUP_BANNER, BACKUP_RAW, 'status'),
    'watching.backup.copyFailing.appeared': backupBanner(COPY_BANNER, COPY_RAW, 'alert'),
    'watching.backup.copyFailing.continuing': backupBanner(COPY_BANNER, COPY_RAW, 'status'),
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
      if (snapshot.hasTag('mailBanner')) expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
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
