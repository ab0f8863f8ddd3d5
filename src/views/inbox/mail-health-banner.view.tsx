// The console's health banner, drawn from the mail-health machine (README.md, the owner's
// console, "Mail health", "Backups and restore", "Faults the server survives" and "Live in
// seconds"): nothing while mail is going out; while mail health's state needs the owner (not set
// up, no company address, failing, or going out late), what is happening, why (the mail server's
// own answer, how much waits and since when, in the company's time zone) and what to do next. Beside it, when the last backup
// failed: when, why, and the last good one; when a disk is below its floor or its free space
// cannot be read: which, how much is free, what stops and what to do; and when the published
// content's pages could not be made: what visitors see instead, why, when it is tried again and
// what to do. Each is an alert when it first appears and a status region after, so it is not
// announced every minute.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import { mailHealthMachine } from '../../machines/inbox/mail-health.machine.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { CONSOLE_HASH } from '../../validation/console/console-hashes.ts';
import type { BackupHealth } from '../../validation/shared/backup-health.protocol.ts';
import { backupFailureWords, copyFailureWords } from '../shared/backup-texts.ts';
import type { DiskHealth } from '../../validation/shared/disk-health.protocol.ts';
import type { SiteHealth } from '../../validation/shared/site-health.protocol.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { mailHealthText } from '../shared/mail-texts.ts';
import './mail-health-banner.css';

export interface MailHealthBannerProps extends ConsolePageProps {
  logic?: typeof mailHealthMachine;
  inspect?: (event: InspectionEvent) => void;
}

/**
 * The backups' banner in words (README.md, "Backups and restore"): "The last backup failed on
 * …. The backup could not be made: the disk is full. Free space … The last good backup is from …
 * (name)." or, when the backup is kept but its copy off the machine failed, that, what to check
 * and when the server tries again. The system's own message is shown apart (`raw`).
 */
export function backupBannerText(backup: BackupHealth, timeZone: string): { text: string; raw: string | null } {
  const where = { folder: null, where: null };
  if (backup.state !== 'failed' && backup.offsite.state === 'failing') {
    const { offsite } = backup;
    const words = copyFailureWords(offsite.code ?? 'unknown', where);
    const next = offsite.nextAttemptAt === null ? '' : ` Next attempt: ${formatConsoleTime(offsite.nextAttemptAt, timeZone)} (${offsite.attempts} ${offsite.attempts === 1 ? 'attempt' : 'attempts'} so far).`;
    return { text: `The newest backup${offsite.archive === null ? '' : `, ${offsite.archive},`} is kept on this server, but not off it. ${words.what} ${words.check}${next}`, raw: offsite.reason };
  }
  const when = backup.lastFailureAt === null ? '' : ` on ${formatConsoleTime(backup.lastFailureAt, timeZone)}`;
  const words = backupFailureWords(backup.lastFailureCode ?? 'unknown', where);
  const lastGood =
    backup.lastSuccessAt === null
      ? 'No backup has succeeded yet.'
      : `The last good backup is from ${formatConsoleTime(backup.lastSuccessAt, timeZone)}${backup.lastSuccessArchive === null ? '' : ` (${backup.lastSuccessArchive})`}.`;
  return { text: `The last backup failed${when}. ${words.what} ${words.check} ${lastGood}`, raw: backup.lastFailureReason };
}

/** A disk's size in words: "640.0 MB", "1.5 GB". */
function diskSize(bytes: number | null): string {
  const gb = 1024 ** 3;
  if (bytes === null) return 'an unknown amount';
  return bytes >= gb ? `${(bytes / gb).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** A reason from the server, as the end of a sentence: no full stop of its own. */
const clause = (reason: string) => reason.replace(/\.?\s*$/, '');

/**
 * "The database's disk is nearly full: 80.0 MB free, less than the 100.0 MB it keeps free
 * (DATABASE_MIN_FREE_BYTES). New messages may not be stored …" and the same for the uploads'
 * disk, or that a disk's free space could not be read, then what to do.
 */
export function diskBannerText(disk: DiskHealth): string {
  const sentences: string[] = [];
  const { database, uploads } = disk;
  if (database?.low === true) {
    sentences.push(
      `The database's disk is nearly full: ${diskSize(database.freeBytes)} free, less than the ${diskSize(database.minFreeBytes)} it keeps free (DATABASE_MIN_FREE_BYTES). New messages may not be stored.`,
    );
  }
  if (uploads.low) {
    sentences.push(
      `The uploads' disk is nearly full: ${diskSize(uploads.freeBytes)} free, less than the ${diskSize(uploads.minFreeBytes)} it keeps free (UPLOAD_MIN_FREE_BYTES). Files sent with messages are refused; the messages are still stored.`,
    );
  }
  if (database?.low === true || uploads.low) sentences.push('Ask whoever runs the server to free space there (old backups, logs) or to move the data to a larger disk.');
  const unreadable = [
    ...(database?.unreadable == null ? [] : [`the database's disk (${clause(database.unreadable)})`]),
    ...(uploads.unreadable === null ? [] : [`the uploads' disk, UPLOAD_DIR (${clause(uploads.unreadable)})`]),
  ];
  if (unreadable.length > 0) {
    sentences.push(
      `The free space of ${unreadable.join(' and of ')} could not be read, so the server cannot warn you before it fills up. Messages are still taken. Ask whoever runs the server to check that the folder exists, that the server may read it and that its disk answers.`,
    );
  }
  return sentences.join(' ');
}

/**
 * "The site is not showing what was published in the console: …", why, when the server tries
 * again, and what to do.
 */
export function siteBannerText(site: SiteHealth, timeZone: string): string {
  const reason = site.reason === null ? '' : ` (${clause(site.reason)})`;
  const what =
    site.state === 'stale'
      ? `The site is showing older content: the pages of revision ${site.failedRevision}, the newest published in the console, could not be made${reason}, so visitors see revision ${site.servedRevision}.`
      : `The site is not showing what was published in the console: the pages of revision ${site.failedRevision} could not be made${reason}, so visitors see the pages the site was built with, without the changes published since.`;
  const again =
    site.nextAttemptAt === null
      ? 'The server tries again at the next publish.'
      : `The server tries again by itself, next on ${formatConsoleTime(site.nextAttemptAt, timeZone)} (${site.attempts} ${site.attempts === 1 ? 'attempt' : 'attempts'} so far).`;
  return `${what} ${again} Ask whoever runs the server to read its log ("the pages of a new content revision could not be made") and fix the cause; if it came with the last update of the site's software, going back to the previous version shows the published content again.`;
}

export function MailHealthBanner({ session, api, onSessionEnded, logic = mailHealthMachine, inspect }: MailHealthBannerProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const { health } = snapshot.context;

  useEffect(() => {
    const ended = actorRef.on('session.ended', onSessionEnded);
    return () => ended.unsubscribe();
  }, [actorRef, onSessionEnded]);

  // Mail's banner: while its state needs the owner (README.md, "Mail health"), with its cause and next step.
  const mailShown = snapshot.hasTag('mailBanner');
  const mailAppeared = snapshot.hasTag('mailAppeared');
  const mail = mailShown && health ? mailHealthText(health.mail, session.timeZone) : null;
  const backupShown = snapshot.matches({ watching: { backup: 'failed' } }) || snapshot.matches({ watching: { backup: 'copyFailing' } });
  const backupAppeared = snapshot.matches({ watching: { backup: { failed: 'appeared' } } }) || snapshot.matches({ watching: { backup: { copyFailing: 'appeared' } } });
  const backup = backupShown && health ? backupBannerText(health.backup, session.timeZone) : null;
  const diskShown = snapshot.matches({ watching: { disk: 'low' } }) || snapshot.matches({ watching: { disk: 'unreadable' } });
  const diskAppeared = snapshot.matches({ watching: { disk: { low: 'appeared' } } }) || snapshot.matches({ watching: { disk: { unreadable: 'appeared' } } });
  const siteUnserved = snapshot.matches({ watching: { site: 'unserved' } });
  const siteAppeared = snapshot.matches({ watching: { site: { unserved: 'appeared' } } });
  const checking = snapshot.hasTag('busy');
  return (
    <>
      <div className="mail-health" role={mailAppeared ? 'alert' : 'status'} hidden={!mailShown}>
        {mail ? (
          <div className="mail-health__banner">
            <div className="mail-health__text">
              <p className="mail-health__headline">{mail.headline}</p>
              <p>{mail.cause}</p>
              {mail.nextStep === null ? null : <p className="mail-health__next">{mail.nextStep}</p>}
            </div>
            <button type="button" className="action-button action-button--secondary mail-health__recheck" disabled={checking} onClick={() => actorRef.send({ type: 'mail.recheck' })}>
              {checking ? 'Checking…' : 'Check again'}
            </button>
          </div>
        ) : null}
      </div>
      <div className="mail-health mail-health--backup" role={backupAppeared ? 'alert' : 'status'} hidden={!backupShown}>
        {backup ? (
          <div className="mail-health__banner">
            <div className="mail-health__text">
              <p>{backup.text}</p>
              {backup.raw === null ? null : (
                <p className="mail-health__raw">
                  The system’s message, for whoever runs the server: <code>{backup.raw}</code>
                </p>
              )}
              {session.person.role === 'owner' ? (
                <p>
                  <a href={CONSOLE_HASH.backups}>Open Backups</a>
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      <div className="mail-health mail-health--disk" role={diskAppeared ? 'alert' : 'status'} hidden={!diskShown}>
        {diskShown && health ? (
          <div className="mail-health__banner">
            <p className="mail-health__text">{diskBannerText(health.disk)}</p>
          </div>
        ) : null}
      </div>
      <div className="mail-health mail-health--site" role={siteAppeared ? 'alert' : 'status'} hidden={!siteUnserved}>
        {siteUnserved && health ? (
          <div className="mail-health__banner">
            <p className="mail-health__text">{siteBannerText(health.site, session.timeZone)}</p>
          </div>
        ) : null}
      </div>
    </>
  );
}
