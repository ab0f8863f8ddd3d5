import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../server/helpers/server-process.ts';
import { requireRoot } from './require-root.ts';

/*
 * A private PostgreSQL cluster for one operations test (README.md, "Faults the server
 * survives"): made with Debian's initdb in a temporary folder, run as the `postgres` user on a
 * free loopback port, and frozen (SIGSTOP to the postmaster and every backend), thawed, restarted
 * (`pg_ctl restart -m fast`) or stopped by the test. Never the shared cluster other tests use.
 */

const run = promisify(execFile);

export interface PostgresCluster {
  /** DATABASE_URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  /** SIGSTOP to the postmaster and all its children: connections stay open, nothing answers. */
  pause(): Promise<void>;
  /** SIGCONT to the processes pause() stopped. */
  resume(): Promise<void>;
  /** `pg_ctl restart -m fast`: every connection is closed, the server back when it returns. */
  restart(): Promise<void>;
  /** Stops the cluster (thawing it first) and deletes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** Debian's newest installed PostgreSQL, as .ci/run picks it. */
function postgresBin(): string {
  let versions: string[] = [];
  try {
    versions = readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(a) - Number(b));
  } catch {
    // Not installed: said below.
  }
  const newest = versions.at(-1);
  if (newest === undefined) throw new Error('PostgreSQL is not installed: no /usr/lib/postgresql/<version>/bin (apt-get install postgresql, as .ci/run does)');
  return `/usr/lib/postgresql/${newest}/bin`;
}

async function asPostgres(bin: string, args: string[]): Promise<string> {
  const { stdout } = await run('runuser', ['-u', 'postgres', '--', bin, ...args], { timeout: 120_000 });
  return stdout;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  requireRoot('a private PostgreSQL cluster (initdb and pg_ctl run as the postgres user)');
  const bin = postgresBin();
  const folder = await mkdtemp(path.join(tmpdir(), 'ops-pg-'));
  await chown(folder, ...(await postgresIds()));
  await chmod(folder, 0o700);
  const data = path.join(folder, 'data');
  const port = await freePort();
  await asPostgres(`${bin}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const ctl = (args: string[]) =>
    asPostgres(`${bin}/pg_ctl`, ['-D', data, '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, '-l', path.join(folder, 'log'), '-w', ...args]);
  await ctl(['start']);

  let stopped: number[] = [];
  let done = false;
  const resume = async () => {
    for (const pid of stopped) signal(pid, 'SIGCONT');
    stopped = [];
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async pause() {
      const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const { stdout } = await run('ps', ['--ppid', String(postmaster), '-o', 'pid=']);
      const children = stdout.split('\n').map((line) => Number(line.trim())).filter((pid) => pid > 0);
      // The postmaster first, so it cannot start a backend the list missed.
      stopped = [postmaster, ...children];
      for (const pid of stopped) signal(pid, 'SIGSTOP');
    },
    resume,
    async restart() {
      await ctl(['-m', 'fast', 'restart']);
    },
    async stop() {
      if (done) return;
      done = true;
      await resume();
      await ctl(['-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // A backend that ended meanwhile.
  }
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  return [Number(stdout.trim()), Number(group.trim())];
}
