import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The site's real server (server/main.ts on plain Node, as production runs it) in its own
 * process group: a supervisor and its server processes, stopped together as systemd stops a
 * unit (SIGTERM to the group), or killed together.
 */

export interface ServerGroup {
  readonly port: number;
  readonly child: ChildProcess;
  /** SIGTERM to the whole group; resolves once the supervisor has exited, with its exit code. */
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

export async function startServerGroup(env: Record<string, string>, logFile: string): Promise<ServerGroup> {
  const port = Number(env.PORT);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [path.resolve('server/main.ts')], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid ?? 0), signal);
    } catch {
      // the group is gone already
    }
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited at start (${child.exitCode}):\n${tail(logFile)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signalGroup('SIGKILL');
      throw new Error(`the server on port ${port} did not start within 60 s:\n${tail(logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    child,
    async stop() {
      signalGroup('SIGTERM');
      return exited;
    },
    async kill() {
      signalGroup('SIGKILL');
      await exited;
    },
  };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-8).join('\n');
  } catch {
    return '(no log)';
  }
}
