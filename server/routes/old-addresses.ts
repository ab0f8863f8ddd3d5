// The old WordPress site's addresses (content/documents/old-addresses.json; README.md, "The old WordPress
// addresses"): a moved one answers 301 with its new place on SITE_URL, a gone one 410 with the
// 404 page's words. Everything else unknown keeps the 404 page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseOldAddress, type OldAddressRow, type OldAddresses } from '../../content/structs/old-addresses.struct.ts';

/** Old addresses do not move back: browsers and proxies may keep the answer a day. */
export const OLD_ADDRESS_CACHE_CONTROL = 'public, max-age=86400';

interface QueryRow {
  name: string;
  value: string;
  row: OldAddressRow;
}

/** The table by path: what a path answers whole, and its rows for one query parameter's value. */
export interface OldAddressTable {
  /** Exact paths, each under both spellings (`/contact-us/` and `/contact-us`). */
  paths: Map<string, { whole?: OldAddressRow; byQuery: QueryRow[] }>;
  /** `/category/` for `/category/*`: the folder, its bare name and everything below it. */
  folders: Array<{ folder: string; row: OldAddressRow }>;
}

export function oldAddressTable(rows: OldAddresses): OldAddressTable {
  const table: OldAddressTable = { paths: new Map(), folders: [] };
  const entryOf = (path: string) => {
    const entry = table.paths.get(path) ?? { byQuery: [] };
    table.paths.set(path, entry);
    return entry;
  };
  for (const row of rows) {
    const pattern = parseOldAddress(row.from);
    if (pattern.kind === 'folder') {
      table.folders.push({ folder: pattern.folder, row });
      continue;
    }
    for (const path of spellings(pattern.path)) {
      if (pattern.kind === 'path') entryOf(path).whole = row;
      else entryOf(path).byQuery.push({ name: pattern.name, value: pattern.value, row });
    }
  }
  return table;
}

/** `/contact-us/` and `/contact-us`; `/` alone. */
function spellings(path: string): string[] {
  if (path === '/') return ['/'];
  return path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
}

/** The row answering `url` on a path of the table (its query rows first, then the path's own row). */
export function findOldAddress(table: OldAddressTable, url: string): OldAddressRow | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const entry = table.paths.get(path);
  if (entry !== undefined) {
    if (queryAt !== -1 && entry.byQuery.length > 0) {
      const params = new URLSearchParams(url.slice(queryAt + 1));
      const match = entry.byQuery.find((query) => params.getAll(query.name).includes(query.value));
      if (match) return match.row;
    }
    if (entry.whole) return entry.whole;
  }
  return table.folders.find(({ folder }) => path.startsWith(folder) || path === folder.slice(0, -1))?.row;
}

/**
 * The answer to an old address: 301 to `SITE_URL` + its new place (the visitor's query is not
 * carried over: it belonged to the old page), or 410 with `gonePage` (the 404 page's HTML).
 */
export function answerOldAddress(row: OldAddressRow, siteUrl: string, gonePage: Buffer | undefined, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', OLD_ADDRESS_CACHE_CONTROL);
  if (row.to !== undefined) return reply.redirect(`${siteUrl}${row.to}`, 301);
  reply.code(410);
  return gonePage === undefined ? reply.type('text/plain; charset=utf-8').send('Gone') : reply.type('text/html; charset=utf-8').send(gonePage);
}

/** A handler for a path that is only in the table: its row, or the ordinary 404. */
export function oldAddressHandler(table: OldAddressTable, siteUrl: string, gonePage: Buffer | undefined) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const row = findOldAddress(table, request.url);
    return row === undefined ? reply.callNotFound() : answerOldAddress(row, siteUrl, gonePage, reply);
  };
}
