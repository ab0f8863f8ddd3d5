// `npm run bench:startup`: how long the server takes from its start until /healthz answers 200,
// on plain Node (as `npm start` and the systemd unit run it: Node 24 strips the types itself)
// and, for comparison, through the tsx loader it ran on before (README, "Measured"). The
// median of several starts per way, on a migrated temporary SQLite database (migrations are a
// first start's cost, not every start's), with one process and with the default cluster.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, printTable, STATIC_ROOT } from './support/built-server.ts';
import { freePort } from '../test/server/helpers/server-process.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function startOnce(loader: string[], folder: string, processes: number): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [...loader, 'server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(folder, 'site.db')}`,
      UPLOAD_DIR: path.join(folder, 'uploads'),
      STATIC_ROOT,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(processes),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('the server did not start within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    server.kill('SIGTERM');
    await once(server, 'close');
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

ensureBuilt();
const folder = await mkdtemp(path.join(tmpdir(), 'bench-startup-'));
try {
  const ways = [
    { name: 'node (production)', loader: [] },
    { name: 'node --import tsx (before)', loader: ['--import', 'tsx'] },
  ];
  await startOnce([], folder, 1); // migrates the database once
  const rows: string[][] = [];
  for (const processes of [1, availableParallelism()]) {
    for (const way of ways) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) times.push(await startOnce(way.loader, folder, processes));
      rows.push([way.name, String(processes), `${Math.round(median(times))} ms`, `${Math.round(Math.min(...times))} ms`]);
    }
  }
  printTable(['way', 'processes', `median of ${RUNS}`, 'fastest'], rows);
} finally {
  await rm(folder, { recursive: true, force: true });
}
