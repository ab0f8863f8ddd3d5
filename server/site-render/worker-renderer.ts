import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ContentValidationError } from '../../content/validate-content.ts';
import type { RenderedSiteFile, SiteRenderer } from './render-site.ts';
import type { RenderAsk, RenderFailure, RenderReply, RenderRequest, RenderWorkerData } from './render-worker.ts';

/*
 * The build's renderer in a worker thread (README.md, "Live in seconds"). Rendering the whole
 * site takes the better part of a second, or several on a busy two-core machine; on the event
 * loop it held every request that came meanwhile (the public pages, /healthz), so a run of
 * publishes or previews stalled the site. Here the renders run in one worker thread per server
 * process, started at the first render and kept (the SSR bundle stays loaded), one render at a
 * time in the order asked; the worker compresses the files too (render-worker.ts), so the
 * event loop only sends the content and takes the files back, and zlib's work stays out of the
 * libuv threadpool the event loop's file and disk requests wait on.
 * A worker that dies (out of its heap, a crash) fails the renders it had, and the next render
 * starts a new one. Its heap is bounded (RENDER_WORKER_HEAP_MB): a render that runs away ends
 * the worker, never the server.
 */

/**
 * The render worker's old-generation heap. Measured on Node 24: renders of the repository's site
 * run in a 160 MB heap, and renders of a 4.4 MB site with its largest documents near
 * DOCUMENT_MAX_BYTES (content/content-limits.ts) in this one.
 */
export const RENDER_WORKER_HEAP_MB = 256;

/** The worker's file, as a path: Node runs it as TypeScript as it runs the server (README.md, "Production runs on plain Node"). */
const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'render-worker.ts');

interface Pending {
  resolve: (reply: RenderReply) => void;
  reject: (error: Error) => void;
}

/** The renderer's error, as render-site.ts threw it in the worker. */
function errorOf(failure: RenderFailure): Error {
  if (failure.name === 'ContentValidationError' && failure.problems !== undefined) return new ContentValidationError(failure.problems);
  const error = new Error(failure.message);
  error.name = failure.name;
  return error;
}

/** Bytes that left the worker arrive as a Uint8Array: a Buffer again (the same memory), as render-site.ts gives them. */
const bufferOf = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

function fileOf(file: RenderedSiteFile): RenderedSiteFile {
  return {
    ...file,
    body: typeof file.body === 'string' ? file.body : bufferOf(file.body),
    ...(file.twins === undefined ? {} : { twins: { br: bufferOf(file.twins.br), gz: bufferOf(file.twins.gz) } }),
  };
}

export interface WorkerSiteRenderer extends SiteRenderer {
  renderPage: NonNullable<SiteRenderer['renderPage']>;
  close(): Promise<void>;
  /** The worker's thread id while one runs (tests: the render ran off the main thread). */
  readonly threadId: number | undefined;
}

export function workerSiteRenderer(options: RenderWorkerData & { heapMb?: number }): WorkerSiteRenderer {
  const data: RenderWorkerData = { ssrDir: options.ssrDir, ...(options.template === undefined ? {} : { template: options.template }) };
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let nextId = 1;
  let closed = false;
  /** The renders asked, one after the other: the worker renders one at a time. */
  let queue: Promise<unknown> = Promise.resolve();

  function failAll(error: Error): void {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function started(): Worker {
    if (worker !== undefined) return worker;
    const thread = new Worker(WORKER_FILE, {
      workerData: data,
      name: 'site-render',
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? RENDER_WORKER_HEAP_MB },
    });
    // It never keeps the process alive: close() ends it, and a process that exits ends it too.
    thread.unref();
    thread.on('message', (reply: RenderReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    thread.on('error', (error) => {
      if (worker === thread) worker = undefined;
      failAll(new Error(`the render worker failed: ${error.message}`, { cause: error }));
    });
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      failAll(new Error(`the render worker stopped (exit code ${code}) before it answered`));
    });
    worker = thread;
    return thread;
  }

  function ask(request: RenderAsk): Promise<RenderReply> {
    const run = queue.then(
      () =>
        new Promise<RenderReply>((resolve, reject) => {
          if (closed) {
            reject(new Error('the server is stopping: no more renders'));
            return;
          }
          const id = nextId;
          nextId += 1;
          pending.set(id, { resolve, reject });
          const numbered: RenderRequest = { ...request, id };
          started().postMessage(numbered);
        }),
    );
    queue = run.catch(() => undefined);
    return run.then((reply) => {
      if ('error' in reply) throw errorOf(reply.error);
      return reply;
    });
  }

  return {
    async render(content, now, images) {
      const reply = await ask({ op: 'site', content, now: now.getTime(), images });
      if (!('files' in reply)) throw new Error('the render worker answered a site render without files');
      return reply.files.map(fileOf);
    },
    async renderPage(content, now, images, relative) {
      const reply = await ask({ op: 'page', content, now: now.getTime(), images, relative });
      if (!('page' in reply)) throw new Error('the render worker answered a page render without its page');
      return reply.page === null ? undefined : fileOf(reply.page);
    },
    /** After the render under way (a publish's pages are still written); then the worker ends. */
    async close() {
      closed = true;
      await queue;
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
    get threadId() {
      return worker?.threadId;
    },
  };
}
