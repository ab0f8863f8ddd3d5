// Writes the static HTML of every page, and the files that follow them (sitemap.xml,
// security.txt, the page-links file), with the site renderer (server/site-render/render-site.ts)
// for the repository's content. Runs after both vite builds (scripts/build.ts).
import { RETENTION_STAMP_FILE } from '../src/validation/privacy/retention-stamp.ts';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryContent } from '../content/repository-content.ts';
import { HTML_PLACEHOLDER, siteRenderer, TEMPLATE_FILE } from '../server/site-render/render-site.ts';

// Where the tests and vite.config.ts have always found them.
export { applyTemplate, findInlineScripts, HEAD_PLACEHOLDER, HTML_PLACEHOLDER } from '../server/site-render/render-site.ts';

export interface PrerenderOptions {
  root?: string;
  clientDir?: string;
  /** The build's time, from which security.txt's Expires is counted. */
  now?: Date;
  ssrDir?: string;
  log?: (line: string) => void;
}

export interface PrerenderedFile {
  /** Relative to the client folder. */
  file: string;
  /** A page's status; undefined for the other files. */
  status?: number;
  bytes: number;
}

export async function prerender(options: PrerenderOptions = {}): Promise<PrerenderedFile[]> {
  const root = resolve(options.root ?? process.cwd());
  const clientDir = resolve(root, options.clientDir ?? 'dist/client');
  const ssrDir = resolve(root, options.ssrDir ?? 'dist/ssr');
  const log = options.log ?? (() => {});

  // The client build's index.html is the template, but it is overwritten by the home page:
  // keep a copy beside the SSR bundle so that the prerender (and the server) can run again.
  const builtIndex = join(clientDir, 'index.html');
  if ((await readFile(builtIndex, 'utf8')).includes(HTML_PLACEHOLDER)) await copyFile(builtIndex, join(ssrDir, TEMPLATE_FILE));

  // The numbers the privacy page states, for the server's check at start (README, "Privacy").
  const { builtRetentionDays } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as { builtRetentionDays: Record<string, number> };
  await writeFile(join(ssrDir, RETENTION_STAMP_FILE), `${JSON.stringify(builtRetentionDays)}\n`);

  const files = await siteRenderer({ ssrDir }).render(repositoryContent(), options.now ?? new Date());
  const written: PrerenderedFile[] = [];
  for (const { relative, body, status } of files) {
    const file = join(clientDir, relative);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, body);
    const bytes = Buffer.byteLength(body);
    written.push({ file: relative, status, bytes });
    log(`wrote dist/client/${relative}${status === undefined ? '' : ` (${status})`} (${(bytes / 1024).toFixed(1)} KB)`);
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await prerender({ log: (line) => console.log(line) });
}
