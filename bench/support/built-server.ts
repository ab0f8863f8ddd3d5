// The built site's real server for the benchmarks: built first when dist/client is missing,
// started on a free port over a temporary SQLite database (or a fresh PostgreSQL database it
// creates and drops), stopped with SIGTERM; and the benchmarks' plain-text table.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PAGE_LINKS_FILE } from '../../server/click-tracking/site-pages.ts';
import { freePort } from '../../test/server/helpers/server-process.ts';

export const STATIC_ROOT = path.resolve('dist/client');

export interface BuiltServer {
  base: string;
  port: number;
  /** The server's first process: the supervisor of a cluster, or the one process. */
  pid: number;
  stop(): Promise<void>;
}

/** Builds the site unless a build is there (with its list of page links); exits the benchmark when the build fails. */
export function ensureBuilt(): void {
  if (existsSync(path.join(STATIC_ROOT, 'index.html')) && existsSync(path.join(STATIC_ROOT, PAGE_LINKS_FILE))) return;
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * `postgres`: a PostgreSQL URL whose server gets a new database for this run (created through
 * that URL's database, dropped at stop); without it, a SQLite file in a temporary folder.
 */
export async function startBuiltServer(env: Record<string, string> = {}, { postgres }: { postgres?: string } = {}): Promise<BuiltServer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'bench-server-'));
  const port = await freePort();
  const database = postgres === undefined ? null : await createPostgresDatabase(postgres);
  const server = spawn(process.execPath, ['server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: database?.url ?? `sqlite:${path.join(folder, 'site.db')}`,
      // Beside the database's file for SQLite; for PostgreSQL it would be data/ in the checkout.
      ADDRESS_HASH_KEY_FILE: path.join(folder, 'address-hash.key'),
      UPLOAD_DIR: path.join(folder, 'uploads'),
      STATIC_ROOT,
      MAIL_TO: 'sales@example.co.za',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...env,
    },
    // Its log is not read here: a pipe nobody drains would fill up and stall the server.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await once(server, 'close');
    }
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`${base}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, port, pid: server.pid ?? 0, stop };
}

/** A new, empty database on the server `adminUrl` reaches, named for this run. */
async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

async function waitUntilUp(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  process.stdout.write(`\n${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}
