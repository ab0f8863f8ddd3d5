import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_AGENT, multipartBody } from '../server/helpers/multipart.ts';
import { freePort, runScript, type ServerProcess } from '../server/helpers/server-process.ts';
import { createStaticFixture } from '../server/helpers/static-fixture.ts';
import { validContactFields } from '../server/helpers/test-forms.ts';
import { waitFor } from '../server/helpers/wait-for.ts';

/*
 * A backup taken while the site is busy (README.md, "Backups and restore"): a real server
 * (SQLite, WEB_CONCURRENCY=2) takes 1,000 contact form submissions, a quarter with a file,
 * posted concurrently; once some have been acknowledged `npm run backup` starts and the
 * posting goes on during it. The archive is restored into a fresh folder with `npm run
 * restore` and a server started on it: every submission acknowledged before the backup began
 * is there, with its file's bytes and its mail in the outbox.
 */

const SUBMISSIONS = 1000;
/** Acknowledged submissions before the backup starts. */
const BEFORE_BACKUP = 300;
const FEEDBACK = '/wp-json/contact-form-7/v1/contact-forms/5/feedback';
const TIMEOUT_MS = 120_000;

const processes: ServerProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const server of processes) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function folder(prefix: string): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), prefix));
  folders.push(made);
  return made;
}

function post(port: number, agent: Agent, body: { payload: Buffer; contentType: string }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method: 'POST', path: FEEDBACK, agent, headers: { 'content-type': body.contentType, 'content-length': body.payload.length, 'user-agent': DEFAULT_USER_AGENT } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body.payload);
  });
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = runScript('server/main.ts', env);
  processes.push(server);
  const processes_ = Number(env.WEB_CONCURRENCY ?? 1);
  await waitFor(
    'the server listening',
    () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.stdout()} ${server.stderr()}`);
      return server.stdout().split('\n').filter((line) => line.includes('Server listening at')).length >= processes_;
    },
    TIMEOUT_MS,
  );
  return server;
}

interface Sent {
  name: string;
  file: Buffer | null;
  /** performance.now() when the answer arrived; null until then. */
  acknowledgedAt: number | null;
}

describe('a backup under load, restored', () => {
  it('keeps every submission acknowledged before the backup began, with its file and its mail', async () => {
    const root = await folder('site-backup-load-');
    const fixture = await createStaticFixture();
    folders.push(fixture.root);
    const env = {
      DATABASE_URL: `sqlite:${path.join(root, 'data', 'site.db')}`,
      UPLOAD_DIR: path.join(root, 'data', 'uploads'),
      BACKUP_DIR: path.join(root, 'backups'),
      BACKUP_SCHEDULE: 'off',
      STATIC_ROOT: fixture.root,
      MAIL_TO: 'sales@example.co.za',
      FEEDBACK_RATE_LIMIT: 'off',
      UPLOAD_MIN_FREE_BYTES: '0',
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
    };
    const port = await freePort();
    const server = await startServer({ ...env, PORT: String(port), LOG_LEVEL: 'info' });

    const sent: Sent[] = Array.from({ length: SUBMISSIONS }, (_, index) => ({
      name: `Load ${String(index).padStart(4, '0')}`,
      // Every fourth with a file of its own bytes.
      file: index % 4 === 0 ? Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(8_000 + (index % 7) * 1000), Buffer.from('\n%%EOF\n')]) : null,
      acknowledgedAt: null,
    }));
    let backup: ServerProcess | null = null;
    let backupStartedAt = Infinity;
    let backupEndedAt = Infinity;
    const backupDone: { promise: Promise<void> | null } = { promise: null };
    let next = 0;
    let acknowledged = 0;
    const failures: string[] = [];
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });

    // Sixteen senders until the backup starts, then four, so posting goes on while it runs.
    const sender = async (slot: number) => {
      while (next < SUBMISSIONS) {
        if (backup !== null && slot >= 4 && performance.now() < backupEndedAt) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const item = sent[next++]!;
        const fields: Record<string, string | File> = validContactFields({ 'your-name': item.name });
        if (item.file !== null) fields['your-file'] = new File([new Uint8Array(item.file)], 'brief.pdf', { type: 'application/pdf' });
        const answer = await post(port, agent, await multipartBody(fields as Record<string, string>));
        const status = answer.status === 200 ? (JSON.parse(answer.text) as { status: string }).status : `HTTP ${answer.status}`;
        if (status !== 'mail_sent') {
          failures.push(`${item.name}: ${status} ${answer.text.slice(0, 200)}`);
          continue;
        }
        item.acknowledgedAt = performance.now();
        acknowledged += 1;
        if (acknowledged === BEFORE_BACKUP && backup === null) {
          backupStartedAt = performance.now();
          backup = runScript('scripts/backup.ts', env);
          backupDone.promise = backup.exit.then(() => {
            backupEndedAt = performance.now();
          });
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: 16 }, (_, slot) => sender(slot)));
    const postingMs = performance.now() - started;
    agent.destroy();
    await backupDone.promise;
    expect(failures).toEqual([]);
    const backupRun = backup as ServerProcess | null;
    expect(backupRun).not.toBeNull();
    expect((await backupRun!.exit).code, backupRun!.stderr()).toBe(0);
    const archive = /^Backup written: (\S+\.zip) /.exec(backupRun!.stdout())![1]!;

    const before = sent.filter((item) => item.acknowledgedAt !== null && item.acknowledgedAt < backupStartedAt);
    const during = sent.filter((item) => item.acknowledgedAt !== null && item.acknowledgedAt >= backupStartedAt && item.acknowledgedAt < backupEndedAt);
    expect(before.length).toBeGreaterThanOrEqual(BEFORE_BACKUP);
    // The backup ran while the server was writing.
    expect(during.length).toBeGreaterThan(0);

    server.child.kill('SIGTERM');
    expect((await server.exit).code).toBe(0);

    // Restored into a fresh folder, as after losing the machine.
    const fresh = await folder('site-restored-');
    const restoredEnv = { ...env, DATABASE_URL: `sqlite:${path.join(fresh, 'data', 'site.db')}`, UPLOAD_DIR: path.join(fresh, 'data', 'uploads') };
    const restore = runScript('scripts/restore.ts', restoredEnv, [archive]);
    expect((await restore.exit).code, restore.stderr()).toBe(0);

    const restoredPort = await freePort();
    const restored = await startServer({ ...restoredEnv, PORT: String(restoredPort), WEB_CONCURRENCY: '1', LOG_LEVEL: 'info' });
    const health = await fetch(`http://127.0.0.1:${restoredPort}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

    const db = new SqliteDatabase(path.join(fresh, 'data', 'site.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = db
        .prepare(
          `select json_extract(s.posted_data, '$."your-name"') as name, f.stored_name as stored, f.size as size,
                  (select count(*) from outbox o where o.submission_id = s.id and o.channel = 'mail') as mails
             from submissions s left join submission_files f on f.submission_id = s.id`,
        )
        .all() as Array<{ name: string; stored: string | null; size: number | null; mails: number }>;
      const byName = new Map(rows.map((row) => [row.name, row]));
      const missing: string[] = [];
      for (const item of before) {
        const row = byName.get(item.name);
        if (row === undefined || row.mails !== 1 || (item.file === null) !== (row.stored === null)) {
          missing.push(`${item.name}: ${JSON.stringify(row ?? null)}`);
          continue;
        }
        if (item.file !== null) {
          const bytes = await readFile(path.join(fresh, 'data', 'uploads', row.stored!));
          if (!bytes.equals(item.file)) missing.push(`${item.name}: its file differs`);
        }
      }
      expect(missing).toEqual([]);
      const archiveBytes = (await stat(archive)).size;
      console.log(
        `backup under load: ${SUBMISSIONS} submissions in ${Math.round(postingMs)} ms; the backup ran ${Math.round(backupEndedAt - backupStartedAt)} ms (${before.length} acknowledged before it, ${during.length} during it); ` +
          `the archive ${(archiveBytes / 1024 / 1024).toFixed(1)} MB holds ${rows.length} submissions, ${rows.filter((row) => row.stored !== null).length} files; every one acknowledged before the backup is there`,
      );
    } finally {
      db.close();
    }
    restored.child.kill('SIGTERM');
    expect((await restored.exit).code).toBe(0);
  });
});
