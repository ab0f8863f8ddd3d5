import { constants, createReadStream } from 'node:fs';
import { open, readdir, lstat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ARCHIVE_NAME, BACKUPS_ERROR, BACKUPS_ROUTE, CopyBodyStruct, type Backups, type KeptArchive, type LastBackupRun, type Started } from '../../src/validation/backups/backups.protocol.ts';
import { CONSOLE_API, EmptyBodyStruct } from '../../src/validation/console/console-api.ts';
import { recordAudit } from '../console/console-audit.ts';
import { consoleBody } from '../console/console-body.ts';
import { auditActorOf, consoleRoute } from '../console/console-guard.ts';
import { RestError } from '../http/rest-error.ts';
import { BACKUP_NAME_PATTERN } from '../operations/backup-archive.ts';
import { asFailureCode, copyStateOf, latestRuns, readBackupHealth, runsOfArchives } from '../operations/backup-runs.ts';
import { nextBackupAt } from '../operations/backup-schedule.ts';
import { failureCodeOfMessage } from '../operations/backup-failure.ts';
import { offsiteLabel } from '../operations/offsite-settings.ts';
import { currentJob, startBackup, startCopy, type BackupLog } from '../operations/run-backup.ts';

/*
 * The console's Backups page (README.md, "Backups and restore"), below CONSOLE_API, owners only,
 * behind the console's checks (server/console/console-guard.ts): the schedule, the backup or copy
 * running now with its progress (from the backup lock's row, whichever process runs it), the last
 * run, the archives kept in BACKUP_DIR with their off-site copies; "Back up now" and "Copy again"
 * start a job under the backup lock (never two at once) and answer at once, the page following
 * its progress; each archive downloads as an attachment. Starting a job and downloading an
 * archive are in the audit log.
 */

const route = (path: string) => `${CONSOLE_API}${path}`;

const noSuchArchive = () => new RestError(404, BACKUPS_ERROR.noSuchArchive, 'There is no such archive in the backup folder: it may have been deleted (BACKUP_KEEP), or be on another server.');

/** `site-backup-2026-11-27T000000Z.zip` → `2026-11-27T00:00:00.000Z`. */
function createdAtOf(name: string): string {
  const stamp = BACKUP_NAME_PATTERN.exec(name)?.[1] ?? '';
  return new Date(`${stamp.slice(0, 13)}:${stamp.slice(13, 15)}:${stamp.slice(15, 17)}Z`).toISOString();
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export default fp(
  async function backupsRoutes(app: FastifyInstance) {
    const { db, config } = app;
    const log: BackupLog = app.log.child({ component: 'backup' });
    // Jobs this process started for the console: shutting down waits for them (or the forced exit ends them).
    const inFlight = new Set<Promise<unknown>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...inFlight]);
    });
    const follow = (finished: Promise<unknown>) => {
      const tracked = finished.catch((error: unknown) => log.error({ err: error }, 'backup job failed')).finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    };

    /**
     * The archives in BACKUP_DIR, newest first: regular files named as this site names them. A
     * folder that cannot be read (missing, a file in its place, not allowed) has none: the last
     * run's failure says why, and the page still answers.
     */
    async function keptArchives(): Promise<Array<{ name: string; bytes: number }>> {
      const names = (await readdir(config.backupDir).catch(() => [])).filter((name) => BACKUP_NAME_PATTERN.test(name));
      const kept = await Promise.all(names.map(async (name) => ({ name, info: await lstat(path.join(config.backupDir, name)).catch(() => null) })));
      return kept
        .filter((entry) => entry.info?.isFile() === true)
        .map((entry) => ({ name: entry.name, bytes: entry.info!.size }))
        .sort((a, b) => (createdAtOf(a.name) === createdAtOf(b.name) ? b.name.length - a.name.length || (a.name < b.name ? 1 : -1) : createdAtOf(a.name) < createdAtOf(b.name) ? 1 : -1));
    }

    async function readBackups(): Promise<Backups> {
      const now = app.clock();
      const running = await currentJob(db, { clock: app.clock, log });
      const [health, [last], kept] = await Promise.all([readBackupHealth(db), latestRuns(db, 1), keptArchives()]);
      const runs = await runsOfArchives(db, kept.map((archive) => archive.name));
      const next = nextBackupAt(config.backupSchedule, now, config.siteTimeZone);
      const lastRun: LastBackupRun | null =
        last === undefined
          ? null
          : {
              status: last.status === 'ok' ? 'ok' : 'failed',
              trigger: last.trigger === 'schedule' || last.trigger === 'console' || last.trigger === 'command' ? last.trigger : null,
              startedAt: last.started_at,
              finishedAt: last.finished_at,
              archive: last.archive,
              bytes: last.bytes,
              failure: last.status === 'ok' ? null : { code: asFailureCode(last.error_code) ?? failureCodeOfMessage(last.error ?? ''), raw: last.error ?? 'no message' },
            };
      const archives = kept.map(({ name, bytes }): KeptArchive => {
        const run = runs.get(name);
        const state = run === undefined ? 'off' : copyStateOf(run);
        return {
          name,
          bytes,
          createdAt: createdAtOf(name),
          copy: {
            state,
            copiedAt: run?.copied_at ?? null,
            attempts: run?.copy_attempts ?? 0,
            nextAttemptAt: state === 'failing' ? (run?.copy_next_at ?? null) : null,
            failure: state === 'failing' && run !== undefined ? { code: asFailureCode(run.copy_error_code) ?? 'unknown', raw: run.copy_error ?? 'no message' } : null,
          },
        };
      });
      return {
        schedule: { times: config.backupSchedule.map(hhmm), nextAt: next === null ? null : new Date(next).toISOString(), keep: config.backupKeep },
        folder: config.backupDir,
        offsite: { configured: config.backupOffsite !== null, where: config.backupOffsite === null ? null : offsiteLabel(config.backupOffsite), health: health.offsite },
        running:
          running === null
            ? null
            : { kind: running.kind, trigger: running.trigger, startedAt: running.startedAt, machine: running.machine, phase: running.phase, done: running.done, total: running.total, archive: running.archive },
        lastRun,
        archives,
      };
    }

    app.get(route(BACKUPS_ROUTE.backups), consoleRoute('owner'), async (): Promise<Backups> => readBackups());

    app.post(route(BACKUPS_ROUTE.run), consoleRoute('owner'), async (request, reply): Promise<Started> => {
      consoleBody(request, EmptyBodyStruct);
      const started = await startBackup(db, config, { trigger: 'console', clock: app.clock, keep: config.backupKeep, log });
      if (started.started) {
        follow(started.finished);
        await recordAudit(db, auditActorOf(request), { action: 'backup-run', subject: 'backup', now: app.clock() });
        reply.code(202);
      }
      return { started: started.started, backups: await readBackups() };
    });

    app.post(route(BACKUPS_ROUTE.copy), consoleRoute('owner'), async (request, reply): Promise<Started> => {
      const { archive } = consoleBody(request, CopyBodyStruct);
      if (config.backupOffsite === null) throw new RestError(409, BACKUPS_ERROR.offsiteOff, 'No off-site storage is configured: set BACKUP_S3_URL (README, "Backups and restore") and restart the server.');
      if (!(await keptArchives()).some((kept) => kept.name === archive)) throw noSuchArchive();
      const started = await startCopy(db, config, archive, { trigger: 'console', clock: app.clock, log });
      if (started.started) {
        follow(started.finished);
        await recordAudit(db, auditActorOf(request), { action: 'backup-copy', subject: archive, now: app.clock() });
        reply.code(202);
      }
      return { started: started.started, backups: await readBackups() };
    });

    app.get(route(BACKUPS_ROUTE.archive), consoleRoute('owner'), async (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
      const { name } = request.params;
      if (!ARCHIVE_NAME.test(name)) throw noSuchArchive();
      // Opened without following a link, then checked to be a plain file: nothing but BACKUP_DIR's own archives leaves.
      const handle = await open(path.join(config.backupDir, name), constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
      if (handle === null) throw noSuchArchive();
      const info = await handle.stat().catch(() => null);
      if (info === null || !info.isFile()) {
        await handle.close();
        throw noSuchArchive();
      }
      // The archive holds the database and the key: who took a copy is in the audit log.
      await recordAudit(db, auditActorOf(request), { action: 'backup-download', subject: name, detail: { bytes: info.size }, now: app.clock() }).catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', String(info.size))
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(name, { fd: handle, autoClose: true }));
    });
  },
  { name: 'backups-routes', fastify: '5.x', dependencies: ['console-guard'] },
);
