// A loopback proxy in front of the site that hands out each page's HTML slowly, a few hundred
// bytes at a time, as a slow network or a busy parser does: Chromium may paint between the
// pieces, so a page whose first screen moves as the rest of it arrives shows a layout shift.
// Everything else passes through whole.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SlowHtmlProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * Passes requests to `upstream`; the first `slowBytes` of HTML leave in `chunkBytes` pieces
 * `pauseMs` apart (more than a frame, so Chromium may paint between them), the rest at once.
 */
export async function startSlowHtmlProxy(upstream: string, { chunkBytes = 400, pauseMs = 25, slowBytes = 24_000 } = {}): Promise<SlowHtmlProxy> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const answer = await fetch(new URL(request.url ?? '/', upstream), { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await answer.arrayBuffer());
      const dropped = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);
      response.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => !dropped.has(name))));
      if (!(answer.headers.get('content-type') ?? '').startsWith('text/html')) {
        response.end(body);
        return;
      }
      for (let start = 0; start < Math.min(slowBytes, body.length); start += chunkBytes) {
        response.write(body.subarray(start, start + chunkBytes));
        await sleep(pauseMs);
      }
      response.end(body.subarray(slowBytes));
    })().catch((error: unknown) => response.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
