import { readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sharedScope } from '../plugins/shared-scope.ts';

export interface StaticSiteOptions {
  /** Absolute path of the built site (config.staticRoot). */
  root: string;
}

/** Files under /assets/ have a content hash in their name: they never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else may be cached but must be revalidated (ETag / Last-Modified). */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/**
 * The built site. Routes are made from the files present at start (`wildcard: false`), which
 * is faster than a file-system lookup per request and can only ever serve files that are
 * there; `npm start` builds before starting. Next to every text file the build writes `.br`
 * and `.gz` twins, which are served instead when the browser accepts them. A folder with an
 * index.html answers at `/folder/`, and `/folder` redirects there with a 301 (query kept).
 * Shared scope: the not-found handler uses the `reply.sendFile` this decorates.
 */
export default sharedScope(async function staticSiteRoutes(
  app: FastifyInstance,
  options: StaticSiteOptions,
): Promise<void> {
  const assetsFolder = path.join(options.root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // Done below: the plugin's own redirect cannot be combined with `wildcard: false`.
    redirect: false,
    preCompressed: true,
    // The twins are found by the preCompressed lookup; they need no URL of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    serveDotFiles: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.startsWith(assetsFolder) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
      );
    },
  });

  for (const folder of pageFolders(options.root)) {
    app.get(`/${folder}`, async (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(`/${folder}/${query === -1 ? '' : request.url.slice(query)}`, 301);
    });
  }
});

/** Sub-folders holding an index.html (prerendered routes such as `thank-you`), as URL paths. */
export function pageFolders(root: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    return []; // no build yet: nothing to redirect
  }
  return entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((entry) => entry.endsWith('/index.html') && !entry.split('/').some((part) => part.startsWith('.')))
    .map((entry) => entry.slice(0, -'/index.html'.length))
    .sort();
}
