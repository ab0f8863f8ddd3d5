// The render worker's own side (worker-renderer.ts starts it; README.md, "Live in seconds"): the
// build's renderer (render-site.ts) run in a worker thread, so rendering the site for a publish
// or a preview never holds the server's event loop, and the site's files are compressed here too
// (withTwins). Each message is one render; the answer carries the files, or the error's name,
// message and content problems.
import { parentPort, workerData } from 'node:worker_threads';
import type { ContentProblem } from '../../content/validate-content.ts';
import type { SiteContent } from '../../content/content-documents.ts';
import type { ImageManifest } from '../../content/image-manifest.ts';
import { compressedTwinsSync, isCompressible } from '../../scripts/precompress.ts';
import { LIVE_BROTLI_QUALITY } from '../site-generations/generation-folders.ts';
import { siteRenderer, type RenderedSiteFile } from './render-site.ts';

/** What the server asks: the whole site, or one page of it (`relative`: its file). */
export type RenderAsk =
  | { op: 'site'; content: SiteContent; now: number; images: ImageManifest | undefined }
  | { op: 'page'; content: SiteContent; now: number; images: ImageManifest | undefined; relative: string };

/** A render asked, numbered for its answer. */
export type RenderRequest = RenderAsk & { id: number };

export interface RenderFailure {
  name: string;
  message: string;
  /** A ContentValidationError's problems (content/validate-content.ts). */
  problems?: ContentProblem[];
}

export type RenderReply = { id: number; files: RenderedSiteFile[] } | { id: number; page: RenderedSiteFile | null } | { id: number; error: RenderFailure };

/** What the worker is started with (worker-renderer.ts): the SSR bundle's folder, and a template of the tests' own. */
export interface RenderWorkerData {
  ssrDir: string;
  template?: string;
}

function failureOf(error: unknown): RenderFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const problems = (error as { problems?: unknown }).problems;
  return { name: error.name, message: error.message, ...(Array.isArray(problems) ? { problems: problems as ContentProblem[] } : {}) };
}

/**
 * A file of the site with its .br and .gz twins, made here: compressing a generation is as much
 * work as rendering it, and on zlib's asynchronous calls it would fill the libuv threadpool the
 * server's file and disk requests wait on (/healthz reads the disks' free space through it).
 */
function withTwins(file: RenderedSiteFile): RenderedSiteFile {
  if (!isCompressible(file.relative)) return file;
  const body = typeof file.body === 'string' ? Buffer.from(file.body) : file.body;
  return { ...file, twins: compressedTwinsSync(body, LIVE_BROTLI_QUALITY) };
}

const port = parentPort;
if (port === null) throw new Error('render-worker.ts runs as a worker thread (worker-renderer.ts starts it)');
const renderer = siteRenderer(workerData as RenderWorkerData);

port.on('message', (request: RenderRequest) => {
  const now = new Date(request.now);
  const rendered: Promise<RenderReply> =
    request.op === 'site'
      ? renderer.render(request.content, now, request.images).then((files) => ({ id: request.id, files: files.map(withTwins) }))
      : renderer.renderPage(request.content, now, request.images, request.relative).then((page) => ({ id: request.id, page: page ?? null }));
  void rendered
    .catch((error: unknown) => ({ id: request.id, error: failureOf(error) }))
    .then((reply) => port.postMessage(reply));
});
