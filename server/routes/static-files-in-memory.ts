import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding, type ContentEncoding } from '../http/accept-encoding.ts';
import { contentTypeOf } from '../http/content-types.ts';

/*
 * The built site, read into memory at start (and each new generation of pages when the owner
 * publishes: README.md "Live in seconds"): every page and asset up to a size limit,
 * with its precompressed .br/.gz twins and a strong ETag per encoding (a hash of the bytes).
 * Serving one is a header lookup and a write: no file system call per request, which is what
 * kept @fastify/static at a fraction of the target. Larger files stay on disk.
 */

/** Files above this are streamed from disk instead (video, large downloads). */
export const IN_MEMORY_MAX_BYTES = 2 * 1024 * 1024;

interface Variant {
  body: Buffer;
  etag: string;
}

export interface MemoryFile {
  /** URL paths: `/assets/index-abc.js`; an index.html also at its folder (`/`, `/thank-you/`). */
  urlPaths: string[];
  /** Path relative to the root, with `/` separators. */
  relative: string;
  contentType: string;
  cacheControl: string;
  lastModified: string;
  variants: Partial<Record<ContentEncoding, Variant>> & { identity: Variant };
}

export interface SiteFiles {
  files: MemoryFile[];
  /** Relative paths of the files left on disk (served by @fastify/static). */
  onDisk: string[];
}

/**
 * Every file under root (a built site, or a generation of pages: site-generations/), with its
 * twins; files above `maxBytes` are only listed, to be served from disk.
 */
export function loadSiteFiles(root: string, cacheControlOf: (relative: string) => string, maxBytes = IN_MEMORY_MAX_BYTES): SiteFiles {
  const files: MemoryFile[] = [];
  const onDisk: string[] = [];
  for (const relative of listFiles(root)) {
    if (relative.endsWith('.br') || relative.endsWith('.gz')) continue;
    const absolute = path.join(root, relative);
    const stats = statSync(absolute);
    if (stats.size > maxBytes) {
      onDisk.push(relative);
      continue;
    }
    const variants: MemoryFile['variants'] = { identity: variant(readFileSync(absolute)) };
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      const twin = twinOf(absolute, suffix);
      if (twin !== null) variants[encoding] = variant(twin);
    }
    files.push({
      urlPaths: urlPathsOf(relative),
      relative,
      contentType: contentTypeOf(relative),
      cacheControl: cacheControlOf(relative),
      lastModified: stats.mtime.toUTCString(),
      variants,
    });
  }
  return { files, onDisk };
}

export function serveMemoryFile(file: MemoryFile, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { encoding, chosen, hasTwins } = negotiate(file, request);
  reply
    .header('content-type', file.contentType)
    .header('cache-control', file.cacheControl)
    .header('etag', chosen.etag)
    .header('last-modified', file.lastModified);
  if (hasTwins) reply.header('vary', 'accept-encoding');
  if (isFresh(request, chosen.etag, file.lastModified)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.header('content-length', chosen.body.length).send(chosen.body);
}

/**
 * A page answered whole under another status (the 404 page at an address that is no page): no
 * ETag or Last-Modified and no look at the request's conditions, so a 304 never stands in for it.
 */
export function sendMemoryPage(file: MemoryFile, status: number, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { encoding, chosen, hasTwins } = negotiate(file, request);
  reply.code(status).header('content-type', file.contentType).header('cache-control', file.cacheControl);
  if (hasTwins) reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.header('content-length', chosen.body.length).send(chosen.body);
}

function negotiate(file: MemoryFile, request: FastifyRequest): { encoding: ContentEncoding; chosen: Variant; hasTwins: boolean } {
  const hasTwins = file.variants.br !== undefined || file.variants.gzip !== undefined;
  const wanted = hasTwins ? preferredEncoding(request.headers['accept-encoding']) : 'identity';
  const encoding = file.variants[wanted] === undefined ? fallbackEncoding(file, wanted) : wanted;
  return { encoding, chosen: file.variants[encoding] ?? file.variants.identity, hasTwins };
}

function fallbackEncoding(file: MemoryFile, wanted: ContentEncoding): ContentEncoding {
  return wanted === 'br' && file.variants.gzip !== undefined ? 'gzip' : 'identity';
}

/** RFC 9110: If-None-Match decides when present; If-Modified-Since only without it. */
function isFresh(request: FastifyRequest, etag: string, lastModified: string): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (typeof noneMatch === 'string') {
    return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  }
  const modifiedSince = request.headers['if-modified-since'];
  if (typeof modifiedSince !== 'string') return false;
  const since = Date.parse(modifiedSince);
  return Number.isFinite(since) && Date.parse(lastModified) <= since;
}

function variant(body: Buffer): Variant {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

function twinOf(absolute: string, suffix: string): Buffer | null {
  try {
    return readFileSync(`${absolute}${suffix}`);
  } catch {
    return null;
  }
}

/** Its own path, and for `index.html` / `thank-you/index.html` also `/` / `/thank-you/`. */
function urlPathsOf(relative: string): string[] {
  const own = `/${relative}`;
  if (relative === 'index.html' || relative.endsWith('/index.html')) return [own.slice(0, -'index.html'.length), own];
  return [own];
}

/**
 * Every file under root, relative with `/`, leaving out dot files and dot folders, except
 * `.well-known/` (RFC 8615: security.txt, README.md "Public files for machines").
 */
function listFiles(root: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    return []; // no build yet
  }
  return entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((entry) => !entry.split('/').some((part, index) => part.startsWith('.') && !(index === 0 && part === '.well-known')))
    .filter((entry) => statSync(path.join(root, entry)).isFile())
    .sort();
}
