// The console's Backups page (`#/backups`, owners; README.md, "Backups and restore"), drawn from
// the backups machine: "Back up now" with the job's progress as the server reports it (copying
// the database, then the archive's bytes written, then its bytes sent to the off-site storage),
// the schedule, the off-site copy's state, the last backup, and the archives kept here, each
// downloadable, with "Copy again" where a copy failed. A failure is said in words (what failed,
// what to check) with the system's own message below it for whoever runs the server. Outcomes
// are announced in a status region; a failure that just happened is an alert.
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { backupsMachine } from '../../machines/backups/backups.machine.ts';
import { archiveUrl } from '../../services/backups/backups.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import type { Backups, BackupFailureAnswer, KeptArchive, LastBackupRun, RunningBackup } from '../../validation/backups/backups.protocol.ts';
import { archiveSize, backupFailureWords, copyFailureWords, type FailureWords } from '../shared/backup-texts.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { ConsoleTime } from '../shared/console-time.view.tsx';
import { LoadProblem } from '../shared/load-problem.view.tsx';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import '../shared/action-button.css';
import './backups-page.css';

export interface BackupsPageProps extends ConsolePageProps {
  logic?: typeof backupsMachine;
  inspect?: (event: InspectionEvent) => void;
}

const TRIGGER_WORDS = { schedule: 'by the schedule', console: 'with Back up now', command: 'with npm run backup' } as const;

const PHASE_WORDS: Record<RunningBackup['phase'], string> = {
  database: 'Copying the database',
  archiving: 'Writing the archive',
  copying: 'Sending the archive to the off-site storage',
};

/** What failed, what to check, and the system's own message below for the developer. */
function FailureText({ words, raw, alert }: { words: FailureWords; raw: string; alert: boolean }) {
  return (
    <div className="backups-failure" role={alert ? 'alert' : undefined}>
      <p className="backups-failure__what">{words.what}</p>
      <p>{words.check}</p>
      <p className="backups-failure__raw-label">The system’s message, for whoever runs the server:</p>
      <pre className="backups-failure__raw">
        <code>{raw}</code>
      </pre>
    </div>
  );
}

function Progress({ running, timeZone }: { running: RunningBackup; timeZone: string }) {
  const what = running.kind === 'copy' ? `Copying ${running.archive ?? 'an archive'} to the off-site storage` : PHASE_WORDS[running.phase];
  const measured = running.done !== null && running.total !== null && running.total > 0;
  return (
    <div className="backups-progress">
      <p>
        {what}
        {measured ? `: ${archiveSize(running.done ?? 0)} of ${archiveSize(running.total ?? 0)}` : '…'}
      </p>
      {measured ? (
        <progress className="backups-progress__bar" aria-label="How far the backup has got" max={running.total ?? 0} value={running.done ?? 0} />
      ) : (
        <progress className="backups-progress__bar" aria-label="How far the backup has got (not known yet)" />
      )}
      <p className="backups-progress__started">
        Started <ConsoleTime at={running.startedAt} timeZone={timeZone} /> {TRIGGER_WORDS[running.trigger]}, on the server {running.machine}.
      </p>
    </div>
  );
}

function Schedule({ backups, timeZone }: { backups: Backups; timeZone: string }) {
  const { times, nextAt, keep } = backups.schedule;
  return (
    <section className="backups-section" aria-labelledby="backups-schedule-title">
      <h2 id="backups-schedule-title">Schedule</h2>
      {times.length === 0 ? (
        <p>Off (BACKUP_SCHEDULE=off): backups are made only with Back up now, or with npm run backup on the server.</p>
      ) : (
        <p>
          Every day at {times.join(' and ')} ({timeZone}).
          {nextAt === null ? null : (
            <>
              {' '}
              Next: <ConsoleTime at={nextAt} timeZone={timeZone} />.
            </>
          )}
        </p>
      )}
      <p>
        The newest {keep} {keep === 1 ? 'archive is' : 'archives are'} kept on this server{backups.offsite.configured ? ' and in the off-site storage' : ''}; older ones are deleted (BACKUP_KEEP).
      </p>
    </section>
  );
}

function Offsite({ backups, timeZone, canCopy, onCopy, alert }: { backups: Backups; timeZone: string; canCopy: boolean; onCopy(archive: string): void; alert: boolean }) {
  const { configured, where, health } = backups.offsite;
  return (
    <section className="backups-section" aria-labelledby="backups-offsite-title">
      <h2 id="backups-offsite-title">Off-site copy</h2>
      {!configured ? (
        <p>
          Not set up: the archives are only on this server, and a disk that fails takes them with it. Ask whoever runs the server to set BACKUP_S3_URL (AWS S3, Backblaze B2 or Cloudflare R2), as
          the README’s “Backups and restore” says.
        </p>
      ) : (
        <>
          <p>Each archive is copied to {where} after it is made.</p>
          {health.state === 'ok' && health.lastCopiedAt !== null ? (
            <p>
              The newest archive was copied <ConsoleTime at={health.lastCopiedAt} timeZone={timeZone} />.
            </p>
          ) : null}
          {health.state === 'waiting' ? <p>The newest archive is being copied.</p> : null}
          {health.state === 'off' && health.archive !== null ? <p>The newest archive was made before the storage was set up: use Copy again below, or wait for the next backup.</p> : null}
          {health.state === 'failing' && health.code !== null && health.archive !== null ? (
            <>
              <FailureText words={copyFailureWords(health.code, { folder: backups.folder, where })} raw={health.reason ?? 'no message'} alert={alert} />
              <p>
                {health.archive} is kept on this server.{' '}
                {health.nextAttemptAt === null ? null : (
                  <>
                    Next attempt: <ConsoleTime at={health.nextAttemptAt} timeZone={timeZone} />
                  </>
                )}{' '}
                ({health.attempts} {health.attempts === 1 ? 'attempt' : 'attempts'} so far).
              </p>
              <button type="button" className="action-button action-button--secondary" disabled={!canCopy} onClick={() => onCopy(health.archive ?? '')}>
                Copy again now
              </button>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function LastRun({ run, backups, timeZone, alert }: { run: LastBackupRun | null; backups: Backups; timeZone: string; alert: boolean }) {
  return (
    <section className="backups-section" aria-labelledby="backups-last-title">
      <h2 id="backups-last-title">Last backup</h2>
      {run === null ? <p>No backup has been made yet.</p> : null}
      {run !== null && run.status === 'ok' ? (
        <p>
          <ConsoleTime at={run.finishedAt} timeZone={timeZone} />
          {run.trigger === null ? '' : `, ${TRIGGER_WORDS[run.trigger]}`}: <span className="backups-name">{run.archive}</span>
          {run.bytes === null ? '' : ` (${archiveSize(run.bytes)})`}.
        </p>
      ) : null}
      {run !== null && run.status === 'failed' ? (
        <>
          <p>
            Failed <ConsoleTime at={run.finishedAt} timeZone={timeZone} />
            {run.trigger === null ? '' : `, ${TRIGGER_WORDS[run.trigger]}`}.
          </p>
          <FailureText words={backupFailureWords(run.failure?.code ?? 'unknown', { folder: backups.folder, where: backups.offsite.where })} raw={run.failure?.raw ?? 'no message'} alert={alert} />
        </>
      ) : null}
    </section>
  );
}

function copyWords(archive: KeptArchive, configured: boolean): string {
  switch (archive.copy.state) {
    case 'ok':
      return 'Copied';
    case 'waiting':
      return 'Being copied';
    case 'failing':
      return `Failed (${archive.copy.attempts} ${archive.copy.attempts === 1 ? 'attempt' : 'attempts'})`;
    default:
      return configured ? 'Not copied' : 'None set up';
  }
}

function CopyFailure({ failure, backups }: { failure: BackupFailureAnswer; backups: Backups }) {
  const words = copyFailureWords(failure.code, { folder: backups.folder, where: backups.offsite.where });
  return (
    <details className="backups-archive__why">
      <summary>Why</summary>
      <p>{words.what}</p>
      <p>{words.check}</p>
      <p className="backups-failure__raw-label">The system’s message, for whoever runs the server:</p>
      <pre className="backups-failure__raw">
        <code>{failure.raw}</code>
      </pre>
    </details>
  );
}

function Archives({ backups, timeZone, api, canCopy, onCopy }: { backups: Backups; timeZone: string; api: ConsolePageProps['api']; canCopy: boolean; onCopy(archive: string): void }) {
  const configured = backups.offsite.configured;
  return (
    <section className="backups-section" aria-labelledby="backups-archives-title">
      <h2 id="backups-archives-title">Archives kept</h2>
      {backups.archives.length === 0 ? (
        <p>There are no archives in the backup folder on this server ({backups.folder}).</p>
      ) : (
        <table className="backups-archives console-table">
          <caption className="visually-hidden">Archives kept on this server, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Made</th>
              <th scope="col">Size</th>
              <th scope="col">Off-site copy</th>
              <th scope="col">Archive</th>
            </tr>
          </thead>
          <tbody>
            {backups.archives.map((archive) => (
              <tr key={archive.name}>
                <th scope="row" data-label="Made">
                  <ConsoleTime at={archive.createdAt} timeZone={timeZone} />
                </th>
                <td data-label="Size">{archiveSize(archive.bytes)}</td>
                <td data-label="Off-site copy">
                  {copyWords(archive, configured)}
                  {archive.copy.failure === null ? null : <CopyFailure failure={archive.copy.failure} backups={backups} />}
                  {configured && (archive.copy.state === 'failing' || archive.copy.state === 'off') ? (
                    <button type="button" className="action-button action-button--secondary backups-archive__copy" disabled={!canCopy} onClick={() => onCopy(archive.name)}>
                      Copy again <span className="visually-hidden">{archive.name}</span>
                    </button>
                  ) : null}
                </td>
                <td data-label="Archive">
                  <a className="backups-archive__download" href={archiveUrl(api, archive.name)} download={archive.name}>
                    Download <span className="backups-name">{archive.name}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function BackupsPage({ session, api, onSessionEnded, navigate, logic = backupsMachine, inspect }: BackupsPageProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });
  const { context } = snapshot;
  const { backups } = context;
  const timeZone = session.timeZone;
  const canBackUp = snapshot.can({ type: 'backup.start' });
  const canCopy = snapshot.can({ type: 'copy.start', archive: '' });
  const onCopy = (archive: string) => actorRef.send({ type: 'copy.start', archive });
  const lastArchive = backups?.lastRun?.archive ?? '';
  const copiedArchive = context.watched?.archive ?? '';

  let status = '';
  if (snapshot.matches('starting') || snapshot.matches('startingCopy')) status = 'Starting…';
  else if (snapshot.matches({ watching: 'lost' })) status = `The server did not answer (${context.problem}). Asking again…`;
  else if (snapshot.matches('backedUp')) status = `The backup is done: ${lastArchive}${backups?.lastRun?.bytes == null ? '' : ` (${archiveSize(backups.lastRun.bytes)})`}${backups?.offsite.configured ? ', copied to the off-site storage' : ''}.`;
  else if (snapshot.matches('backedUpNotCopied')) status = `The backup is done: ${lastArchive} is kept on this server, but its copy to the off-site storage failed (see Off-site copy). The server tries again by itself.`;
  else if (snapshot.matches('backupFailed')) status = 'The backup failed: see Last backup.';
  else if (snapshot.matches('copied')) status = `${copiedArchive} was copied to the off-site storage.`;
  else if (snapshot.matches('copyFailed')) status = `${copiedArchive} could not be copied: its reason is under Archives kept.`;

  return (
    <section className="console-page backups-page" aria-labelledby="console-page-title" data-state={JSON.stringify(snapshot.value)}>
      <h1 id="console-page-title" tabIndex={-1}>
        Backups
      </h1>
      <p>
        Each backup is one archive of the whole site’s data: the database (every message, subscriber and page), the files sent with messages, the pictures uploaded here and the address-hash key.
        Keep a downloaded archive as safe as the server itself.
      </p>
      {snapshot.matches('loading') ? (
        <p className="console-status" role="status">
          Loading the backups…
        </p>
      ) : null}
      {snapshot.matches('failed') ? <LoadProblem what="The backups" problem={context.problem} onRetry={() => actorRef.send({ type: 'backups.retry' })} className="backups-problem" /> : null}
      {backups === null ? null : (
        <>
          <div className="backups-now">
            <button type="button" className="action-button" disabled={!canBackUp} onClick={() => actorRef.send({ type: 'backup.start' })}>
              Back up now
            </button>
            {snapshot.hasTag('running') && backups.running !== null ? <Progress running={backups.running} timeZone={timeZone} /> : null}
            <p className="backups-status" role="status" aria-live="polite" aria-atomic="true">
              {status}
            </p>
            {snapshot.matches('refused') ? (
              <p className="backups-problem" role="alert">
                The job could not be started. {context.problem}
              </p>
            ) : null}
          </div>
          <LastRun run={backups.lastRun} backups={backups} timeZone={timeZone} alert={snapshot.matches('backupFailed')} />
          <Offsite backups={backups} timeZone={timeZone} canCopy={canCopy} onCopy={onCopy} alert={snapshot.matches('backedUpNotCopied') || snapshot.matches('copyFailed')} />
          <Schedule backups={backups} timeZone={timeZone} />
          <Archives backups={backups} timeZone={timeZone} api={api} canCopy={canCopy} onCopy={onCopy} />
        </>
      )}
    </section>
  );
}
