import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OldAddresses } from '../../content/structs/old-addresses.struct.ts';
import { cacheControlOf, IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL, servedSite, type LiveSite } from '../site-generations/served-site.ts';
import { answerOldAddress, findOldAddress, oldAddressTable } from './old-addresses.ts';
import { chooseVariant } from './query-variants.ts';
import { securityTxtExpiryWarning } from './security-txt-expiry.ts';
import { loadSiteFiles, serveMemoryFile } from './static-files-in-memory.ts';

export { CONSOLE_PAGE_CACHE_CONTROL, IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../site-generations/served-site.ts';

export interface StaticSiteOptions {
  /** Absolute path of the built site (config.staticRoot). */
  root: string;
  /** config.siteUrl: where an old address's 301 points. */
  siteUrl: string;
  /** The old WordPress addresses (default content/documents/old-addresses.json). */
  oldAddresses?: OldAddresses;
  /** The site being served (liveSiteOf); default the build's files under root, never replaced. */
  live?: LiveSite;
  /** Answers a GET the site has no file, page or old address for (the uploaded pictures); default not found. */
  notInBuild?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/** The build's files under root, served as they are until a generation replaces its pages. */
export function liveSiteOf(root: string): LiveSite {
  const build = loadSiteFiles(root, cacheControlOf);
  return { build, current: servedSite(build) };
}

/**
 * The site. Every page and asset is served from memory (static-files-in-memory.ts): the
 * prerendered HTML with its `.br`/`.gz` twins, chosen by Accept-Encoding, revalidated by ETag.
 * One route answers every GET no other route takes, and looks the address up in the site served
 * now (`live.current`, site-generations/served-site.ts): the owner's published pages replace the
 * build's without a restart, a new page is served at once and a removed one is a 404 (README.md
 * "Live in seconds"). Files too large for memory are streamed from disk by @fastify/static,
 * which also gives the not-found handler its `reply.sendFile`. A folder with an index.html
 * answers at `/folder/`, and `/folder` redirects there with a 301 (query kept). Shared scope:
 * the not-found handler uses the `reply.sendFile` this decorates.
 */
export default fp(async function staticSiteRoutes(
  app: FastifyInstance,
  options: StaticSiteOptions,
): Promise<void> {
  const live = options.live ?? liveSiteOf(options.root);
  const securityTxt = live.current.files.find((file) => file.relative === '.well-known/security.txt');
  const expiry = securityTxt === undefined ? null : securityTxtExpiryWarning(securityTxt.variants.identity.body.toString('utf8'), app.clock());
  if (expiry !== null) app.log.warn(expiry);

  // The old WordPress addresses (old-addresses.ts): a gone one shows the 404 page's words.
  // The old addresses as published (the live content's), made again when a publish replaces them.
  let seen: OldAddresses | undefined;
  let table = oldAddressTable(options.oldAddresses ?? app.liveContent.current.oldAddresses);
  const tableNow = () => {
    if (options.oldAddresses !== undefined) return table;
    const current = app.liveContent.current.oldAddresses;
    if (current !== seen) {
      seen = current;
      table = oldAddressTable(current);
    }
    return table;
  };

  const onDisk = new Set(live.build.onDisk);
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    // Only the large files get routes of their own; the rest are served from memory below.
    serve: onDisk.size > 0,
    wildcard: false,
    index: false,
    redirect: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', ...live.build.files.map((file) => file.relative)],
    serveDotFiles: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(`${options.root}/assets/`) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
    },
  });

  // Already compressed (the .br/.gz twins): no compression hooks per request.
  app.get('/*', { compress: false }, (request: FastifyRequest, reply: FastifyReply) => {
    // One look at `current` per request: the whole answer comes from one generation.
    const site = live.current;
    const queryAt = request.url.indexOf('?');
    const urlPath = pathOf(queryAt === -1 ? request.url : request.url.slice(0, queryAt));
    const page = site.byPath.get(urlPath);
    // A page with old query addresses on it (`/?p=123`): those first, any other query is the page's.
    const table = tableNow();
    const row = page === undefined || table.paths.has(urlPath) ? findOldAddress(table, request.url) : undefined;
    if (page !== undefined && row === undefined) {
      const file = page.variants === undefined ? page.file : (chooseVariant(page.variants, request.url) ?? page.file);
      return serveMemoryFile(file, request, reply);
    }
    if (page === undefined && site.folders.has(urlPath)) {
      return reply.redirect(`${urlPath}/${queryAt === -1 ? '' : request.url.slice(queryAt)}`, 301);
    }
    if (row !== undefined) return answerOldAddress(row, options.siteUrl, site.notFound?.variants.identity.body, reply);
    return options.notInBuild === undefined ? reply.callNotFound() : options.notInBuild(request, reply);
  });
}, { name: 'static-site', fastify: '5.x' });

/** The path as the router saw it: percent-escapes decoded (`/thank%2Dyou/` is `/thank-you/`). */
function pathOf(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
