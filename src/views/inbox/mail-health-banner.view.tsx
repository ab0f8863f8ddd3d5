// The console's health banner, drawn from the mail-health machine (README.md, the owner's
// console, "Mail health", "Backups and restore" and "Faults the server survives"): nothing while
// mail is delivered; while it is not, how many messages wait, since when (the company's time
// zone) and the mail server's last error. Beside it, when the last backup failed: when, why, and
// the last good one; and when a disk is below its floor: which, how much is free, what stops and
// what to do. Each is an alert when it first appears and a status region after, so it is not
// announced every minute.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import { mailHealthMachine } from '../../machines/inbox/mail-health.machine.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import type { BackupHealth } from '../../validation/shared/backup-health.protocol.ts';
import type { DiskHealth } from '../../validation/shared/disk-health.protocol.ts';
import type { MailHealth } from '../../validation/shared/mail-health.protocol.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import './mail-health-banner.css';

export interface MailHealthBannerProps extends ConsolePageProps {
  logic?: typeof mailHealthMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** "Mail is not being delivered: 3 waiting, oldest since …. Last error from the mail server: …." */
export function bannerText(health: MailHealth, timeZone: string): string {
  const since = health.oldestWaitingSince === null ? '' : `, oldest since ${formatConsoleTime(health.oldestWaitingSince, timeZone)}`;
  const error = health.lastError === null ? '' : ` Last error from the mail server: ${health.lastError.replace(/\.?\s*$/, '')}.`;
  return `Mail is not being delivered: ${health.waiting} waiting${since}.${error}`;
}

/** "The last backup failed on …: reason. The last good backup is from … (name)." */
export function backupBannerText(backup: BackupHealth, timeZone: string): string {
  const when = backup.lastFailureAt === null ? '' : ` on ${formatConsoleTime(backup.lastFailureAt, timeZone)}`;
  const reason = backup.lastFailureReason === null ? '' : `: ${backup.lastFailureReason.replace(/\.?\s*$/, '')}`;
  const lastGood =
    backup.lastSuccessAt === null
      ? 'No backup has succeeded yet.'
      : `The last good backup is from ${formatConsoleTime(backup.lastSuccessAt, timeZone)}${backup.lastSuccessArchive === null ? '' : ` (${backup.lastSuccessArchive})`}.`;
  return `The last backup failed${when}${reason}. ${lastGood}`;
}

/** A disk's size in words: "640.0 MB", "1.5 GB". */
function diskSize(bytes: number): string {
  const gb = 1024 ** 3;
  return bytes >= gb ? `${(bytes / gb).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/**
 * "The database's disk is nearly full: 80.0 MB free, less than the 100.0 MB it keeps free
 * (DATABASE_MIN_FREE_BYTES). New messages may not be stored …" and the same for the uploads'
 * disk, then what to do.
 */
export function diskBannerText(disk: DiskHealth): string {
  const sentences: string[] = [];
  if (disk.database?.low === true) {
    sentences.push(
      `The database's disk is nearly full: ${diskSize(disk.database.freeBytes)} free, less than the ${diskSize(disk.database.minFreeBytes)} it keeps free (DATABASE_MIN_FREE_BYTES). New messages may not be stored.`,
    );
  }
  if (disk.uploads?.low === true) {
    sentences.push(
      `The uploads' disk is nearly full: ${diskSize(disk.uploads.freeBytes)} free, less than the ${diskSize(disk.uploads.minFreeBytes)} it keeps free (UPLOAD_MIN_FREE_BYTES). Files sent with messages are refused; the messages are still stored.`,
    );
  }
  sentences.push('Ask whoever runs the server to free space there (old backups, logs) or to move the data to a larger disk.');
  return sentences.join(' ');
}

export function MailHealthBanner({ session, api, onSessionEnded, logic = mailHealthMachine, inspect }: MailHealthBannerProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const { health } = snapshot.context;

  useEffect(() => {
    const ended = actorRef.on('session.ended', onSessionEnded);
    return () => ended.unsubscribe();
  }, [actorRef, onSessionEnded]);

  const degraded = snapshot.matches({ watching: { health: 'degraded' } });
  const appeared = snapshot.matches({ watching: { health: { degraded: 'appeared' } } });
  const backupFailed = snapshot.matches({ watching: { backup: 'failed' } });
  const backupAppeared = snapshot.matches({ watching: { backup: { failed: 'appeared' } } });
  const diskLow = snapshot.matches({ watching: { disk: 'low' } });
  const diskAppeared = snapshot.matches({ watching: { disk: { low: 'appeared' } } });
  const checking = snapshot.hasTag('busy');
  return (
    <>
      <div className="mail-health" role={appeared ? 'alert' : 'status'} hidden={!degraded}>
        {degraded && health ? (
          <div className="mail-health__banner">
            <p className="mail-health__text">{bannerText(health, session.timeZone)}</p>
            <button type="button" className="mail-health__recheck" disabled={checking} onClick={() => actorRef.send({ type: 'mail.recheck' })}>
              {checking ? 'Checking…' : 'Check again'}
            </button>
          </div>
        ) : null}
      </div>
      <div className="mail-health mail-health--backup" role={backupAppeared ? 'alert' : 'status'} hidden={!backupFailed}>
        {backupFailed && health ? (
          <div className="mail-health__banner">
            <p className="mail-health__text">{backupBannerText(health.backup, session.timeZone)}</p>
          </div>
        ) : null}
      </div>
      <div className="mail-health mail-health--disk" role={diskAppeared ? 'alert' : 'status'} hidden={!diskLow}>
        {diskLow && health ? (
          <div className="mail-health__banner">
            <p className="mail-health__text">{diskBannerText(health.disk)}</p>
          </div>
        ) : null}
      </div>
    </>
  );
}
