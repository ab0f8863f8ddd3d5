import type { ServerProcess } from './server-process.ts';

/*
 * A server process's V8 heap after a full garbage collection, read over the inspector protocol
 * (the process is started with `--inspect=127.0.0.1:0`). Unlike resident memory, which keeps
 * what a burst left until the allocator returns it and depends on how busy the CPU was, this
 * counts only what the program still holds: a leak shows, garbage does not.
 */

export const INSPECT_ARGS = ['--inspect=127.0.0.1:0'];

export interface HeapReading {
  /** V8's heap still in use after the collection. */
  heapUsed: number;
  /** Memory outside the heap held by JavaScript objects (buffers among them). */
  external: number;
}

/** The inspector's WebSocket address, as the process printed it on stderr. */
function inspectorUrl(server: ServerProcess): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(server.stderr())?.[1];
  if (url === undefined) throw new Error(`the server was not started with ${INSPECT_ARGS.join(' ')}: ${server.stderr()}`);
  return url;
}

export async function heapAfterCollection(server: ServerProcess): Promise<HeapReading> {
  const socket = new WebSocket(inspectorUrl(server));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('the inspector refused the connection')), { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiting?.reject(new Error(message.error.message));
    else waiting?.resolve(message.result);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject });
      socket.send(JSON.stringify({ id: nextId, method, params }));
    });
  try {
    // Twice: the first collection can leave objects whose finalisers free more.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const result = (await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as { result: { value: string } };
    const usage = JSON.parse(result.result.value) as { heapUsed: number; external: number };
    return { heapUsed: usage.heapUsed, external: usage.external };
  } finally {
    socket.close();
  }
}
