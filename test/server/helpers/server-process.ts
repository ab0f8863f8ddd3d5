import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A script run as operators run it: a real Node process with only the given environment. */
export interface ServerProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function runScript(script: string, env: Record<string, string>, args: string[] = [], nodeArgs: string[] = []): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: process.cwd(),
    // Only what the script reads, so the developer's own variables cannot leak in.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': only then has everything the process printed been read from its pipes.
  const exit = once(child, 'close').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The real entry point on `port`, once it says it is listening (it fails the wait if it exits). */
export async function startServerProcess(env: Record<string, string>, port: number, timeoutMs: number, nodeArgs: string[] = []): Promise<ServerProcess> {
  const server = runScript('server/main.ts', { ...env, PORT: String(port) }, [], nodeArgs);
  const deadline = Date.now() + timeoutMs;
  while (!server.stdout().includes('Server listening at')) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`);
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`server not listening after ${timeoutMs} ms: ${server.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return server;
}
