import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryContent } from '../../content/repository-content.ts';
import type { OldAddresses } from '../../content/structs/old-addresses.struct.ts';
import { answerOldAddress, findOldAddress, oldAddressHandler, oldAddressTable } from './old-addresses.ts';
import { chooseVariant, groupQueryVariants } from './query-variants.ts';
import { securityTxtExpiryWarning } from './security-txt-expiry.ts';
import { loadSiteFiles, serveMemoryFile } from './static-files-in-memory.ts';

export interface StaticSiteOptions {
  /** Absolute path of the built site (config.staticRoot). */
  root: string;
  /** config.siteUrl: where an old address's 301 points. */
  siteUrl: string;
  /** The old WordPress addresses (default content/documents/old-addresses.json). */
  oldAddresses?: OldAddresses;
}

/** Files under /assets/ have a content hash in their name: they never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else may be cached but must be revalidated (ETag / Last-Modified). */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';
/** The console's page (admin/index.html, README.md "The console") is never stored anywhere. */
export const CONSOLE_PAGE_CACHE_CONTROL = 'no-store';

/**
 * The built site. Routes are made from the files present at start, which can only ever serve
 * files that are there; `npm start` builds before starting. Pages and assets are served from
 * memory (static-files-in-memory.ts): the prerendered HTML with its `.br`/`.gz` twins, chosen
 * by Accept-Encoding, revalidated by ETag. Files too large for memory are streamed from disk
 * by @fastify/static, which also gives the not-found handler its `reply.sendFile`. A folder
 * with an index.html answers at `/folder/`, and `/folder` redirects there with a 301 (query
 * kept). Shared scope: the not-found handler uses the `reply.sendFile` this decorates.
 */
export default fp(async function staticSiteRoutes(
  app: FastifyInstance,
  options: StaticSiteOptions,
): Promise<void> {
  const assetsFolder = path.join(options.root, 'assets') + path.sep;
  const cacheControlOf = (relative: string) => {
    if (path.join(options.root, relative).startsWith(assetsFolder)) return IMMUTABLE_CACHE_CONTROL;
    return relative.startsWith('admin/') && relative.endsWith('.html') ? CONSOLE_PAGE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
  };
  const site = loadSiteFiles(options.root, cacheControlOf);
  const securityTxt = site.files.find((file) => file.relative === '.well-known/security.txt');
  const expiry = securityTxt === undefined ? null : securityTxtExpiryWarning(securityTxt.variants.identity.body.toString('utf8'), app.clock());
  if (expiry !== null) app.log.warn(expiry);

  // The old WordPress addresses (old-addresses.ts): a gone one shows the 404 page's words.
  const table = oldAddressTable(options.oldAddresses ?? repositoryContent().oldAddresses);
  const gonePage = site.files.find((file) => file.relative === '404.html')?.variants.identity.body;
  const registered = new Set<string>();

  // `index@category=x.html` answers `/?category=x` (query-variants.ts), not an address of its own.
  const { pages, variants } = groupQueryVariants(site.files);
  for (const file of pages) {
    const variantsOfFile = variants.get(file.relative);
    for (const urlPath of file.urlPaths) {
      registered.add(urlPath);
      const serve = variantsOfFile === undefined
        ? (request: FastifyRequest, reply: FastifyReply) => serveMemoryFile(file, request, reply)
        : (request: FastifyRequest, reply: FastifyReply) => serveMemoryFile(chooseVariant(variantsOfFile, request.url) ?? file, request, reply);
      // Already compressed by the build (the .br/.gz twins): no compression hooks per request.
      if (!table.paths.has(urlPath)) app.get(urlPath, { compress: false }, serve);
      else {
        // A page with old query addresses on it (`/?p=123`): those first, any other query is the page's.
        app.get(urlPath, { compress: false }, (request, reply) => {
          const row = findOldAddress(table, request.url);
          return row === undefined ? serve(request, reply) : answerOldAddress(row, options.siteUrl, gonePage, reply);
        });
      }
    }
  }

  const onDisk = new Set(site.onDisk);
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    // Only the large files get routes of their own; the rest are served from memory above.
    serve: onDisk.size > 0,
    wildcard: false,
    index: false,
    redirect: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', ...site.files.map((file) => file.relative)],
    serveDotFiles: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(assetsFolder) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
    },
  });

  const folders = pageFolders(site.files.map((file) => file.relative));
  for (const folder of folders) registered.add(`/${folder}`);
  const answerOld = oldAddressHandler(table, options.siteUrl, gonePage);
  // Each address once: a path row may also be a folder row's bare name (`/feed/` and `/feed/*`).
  const routeOnce = (urlPath: string) => {
    if (registered.has(urlPath)) return;
    registered.add(urlPath);
    app.get(urlPath, answerOld);
  };
  for (const urlPath of table.paths.keys()) routeOnce(urlPath);
  for (const { folder } of table.folders) {
    routeOnce(`${folder}*`);
    routeOnce(folder.slice(0, -1));
  }

  for (const folder of folders) {
    app.get(`/${folder}`, async (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(`/${folder}/${query === -1 ? '' : request.url.slice(query)}`, 301);
    });
  }
}, { name: 'static-site', fastify: '5.x' });

/** Sub-folders holding an index.html (prerendered routes such as `thank-you`), as URL paths. */
export function pageFolders(files: readonly string[]): string[] {
  return files
    .filter((entry) => entry.endsWith('/index.html'))
    .map((entry) => entry.slice(0, -'/index.html'.length))
    .sort();
}
