import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * A stand-in for the build's SSR bundle (dist/ssr: entry-server.js and index.template.html), for
 * tests of the render worker (server/site-render/worker-renderer.ts) with the real renderer
 * around it. Every page says which thread rendered it and carries the hero's heading; the
 * pages are those the old addresses name (so render-site.ts's check of them passes) and a 404.
 * It logs each page it renders to `renders.log`. While the file `hold` exists, a render spins
 * (a CPU-bound render, as the real one is) after writing `started`, for at most 30 s. A heading
 * of "exit" ends the thread that renders it; "throw" throws.
 */

const ENTRY = `
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';
const here = (name) => new URL(name, import.meta.url);
const fileOf = (page) => page === '/' ? 'index.html' : page === '/404.html' ? '404.html' : page.slice(1).replace(/\\?/g, '@').replace(/\\/$/, '/index.html');
export function prerenderTargets(content) {
  const pages = new Set(['/']);
  for (const row of content.oldAddresses) if (row.to !== undefined) pages.add(row.to.split('#')[0]);
  return [...pages, '/404.html'].map((page) => ({ path: page, file: fileOf(page) }));
}
export async function prerenderPage(page, content) {
  appendFileSync(here('renders.log'), page + '\\n');
  if (content.hero.heading === 'exit') process.exit(3);
  if (content.hero.heading === 'throw') throw new Error('the bundle could not render ' + page);
  if (existsSync(here('hold'))) {
    writeFileSync(here('started'), '');
    const until = Date.now() + 30000;
    while (existsSync(here('hold')) && Date.now() < until) {}
  }
  const ids = content.oldAddresses.filter((row) => row.to !== undefined && row.to.split('#')[0] === page && row.to.includes('#')).map((row) => '<i id="' + row.to.split('#')[1] + '"></i>');
  const where = isMainThread ? 'the main thread' : 'worker thread ' + threadId;
  return { route: 'home', status: page === '/404.html' ? 404 : 200, head: '<title>' + page + '</title>', html: '<main>' + ids.join('') + '<h1>' + content.hero.heading + '</h1><p class="rendered-in">rendered in ' + where + '</p></main>', data: '' };
}
export const sitemapXml = () => '<urlset></urlset>';
export const postIdOf = () => 0;
`;

const TEMPLATE = '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>\n';

export interface FakeSsr {
  ssrDir: string;
  /** Renders spin from now on, until release(). */
  hold(): Promise<void>;
  release(): Promise<void>;
  /** Whether a held render has begun. */
  started(): boolean;
  /** The paths rendered so far, in order. */
  renders(): string[];
  cleanup(): Promise<void>;
}

export async function createFakeSsr(): Promise<FakeSsr> {
  const ssrDir = await mkdtemp(path.join(tmpdir(), 'fake-ssr-'));
  await writeFile(path.join(ssrDir, 'package.json'), '{ "type": "module" }\n');
  await writeFile(path.join(ssrDir, 'entry-server.js'), ENTRY);
  await writeFile(path.join(ssrDir, 'index.template.html'), TEMPLATE);
  const at = (name: string) => path.join(ssrDir, name);
  return {
    ssrDir,
    hold: () => writeFile(at('hold'), ''),
    release: () => rm(at('hold'), { force: true }),
    started: () => existsSync(at('started')),
    renders: () => (existsSync(at('renders.log')) ? readFileSync(at('renders.log'), 'utf8').split('\n').filter(Boolean) : []),
    cleanup: () => rm(ssrDir, { recursive: true, force: true }),
  };
}
