import type { Migration } from 'kysely/migration';
import * as initialSchema from './0001-initial-schema.ts';
import * as contactForm from './0002-contact-form.ts';
import * as newsletter from './0003-newsletter.ts';
import * as rateLimits from './0004-rate-limits.ts';
import * as newsletterPendingChange from './0005-newsletter-pending-change.ts';
import * as humanTestChallenges from './0006-human-test-challenges.ts';
import * as outboxRequests from './0007-outbox-requests.ts';
import * as clickTracking from './0008-click-tracking.ts';
import * as clickLinkHash from './0011-click-link-hash.ts';
import * as consoleAccounts from './0012-console-accounts.ts';
import * as inboxSearch from './0013-inbox-search.ts';
import * as outboxHealthIndexes from './0014-outbox-health-indexes.ts';
import * as brevoSyncStatus from './0015-brevo-sync-status.ts';
import * as brevoSync from './0016-brevo-sync.ts';
import * as rateLimitKeys from './0018-rate-limit-keys.ts';
import * as searchSecureDelete from './0019-search-secure-delete.ts';
import * as backupRuns from './0020-backup-runs.ts';
import * as healthProbe from './0021-health-probe.ts';
import * as waitingMailIndexes from './0022-waiting-mail-indexes.ts';
import * as contentRevisions from './0023-content-revisions.ts';

import * as media from './0024-media.ts';
import * as contentRevisionUids from './0027-content-revision-uids.ts';
import * as sessionPasskeySignIn from './0029-session-passkey-sign-in.ts';
import * as messageIndexPhone from './0032-message-index-phone.ts';
import * as backupJobs from './0033-backup-jobs.ts';
import * as contentRevisionNumbers from './0034-content-revision-numbers.ts';
import * as messageAnswered from './0035-message-answered.ts';
import * as messageNotes from './0036-message-notes.ts';
import * as contentSchedules from './0037-content-schedules.ts';
/**
 * Every migration, keyed by its file name. Kysely runs them in key order and records each
 * in `kysely_migration`, so keys must never be renamed once released. Add new files as
 * `NNNN-name.ts` and list them here: an in-code list works the same under tsx, vitest and
 * a bundler, unlike reading the folder at run time.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-contact-form': contactForm,
  '0003-newsletter': newsletter,
  '0004-rate-limits': rateLimits,
  '0005-newsletter-pending-change': newsletterPendingChange,
  '0006-human-test-challenges': humanTestChallenges,
  '0007-outbox-requests': outboxRequests,
  '0008-click-tracking': clickTracking,
  '0011-click-link-hash': clickLinkHash,
  '0012-console-accounts': consoleAccounts,
  '0013-inbox-search': inboxSearch,
  '0014-outbox-health-indexes': outboxHealthIndexes,
  '0015-brevo-sync-status': brevoSyncStatus,
  '0016-brevo-sync': brevoSync,
  '0018-rate-limit-keys': rateLimitKeys,
  '0019-search-secure-delete': searchSecureDelete,
  '0020-backup-runs': backupRuns,
  '0021-health-probe': healthProbe,
  '0022-waiting-mail-indexes': waitingMailIndexes,
  '0023-content-revisions': contentRevisions,
  '0024-media': media,
  '0027-content-revision-uids': contentRevisionUids,
  '0029-session-passkey-sign-in': sessionPasskeySignIn,
  '0032-message-index-phone': messageIndexPhone,
  '0033-backup-jobs': backupJobs,
  '0034-content-revision-numbers': contentRevisionNumbers,
  '0035-message-answered': messageAnswered,
  '0036-message-notes': messageNotes,
  '0037-content-schedules': contentSchedules,
};
