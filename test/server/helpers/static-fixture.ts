import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { securityContact } from '../../support/site-content.ts';
import { seo } from '../../support/site-content.ts';
import { securityTxt } from '../../../server/site-render/security-txt.ts';

/**
 * A miniature built site laid out like dist/client: prerendered pages, a 404 page,
 * robots.txt and hashed assets, each text file with the `.br` and `.gz` twins the build
 * writes. Tests read the `files` map to compare what is served with what is on disk.
 */
export const fixtureFiles = {
  'index.html': '<!doctype html><html lang="en"><title>Home</title><main><h1>Visual displays</h1></main></html>\n',
  'index@category=control-room.html': '<!doctype html><html lang="en"><title>Home</title><main><h1>Visual displays</h1><p>Control rooms only</p></main></html>\n',
  'thank-you/index.html': '<!doctype html><html lang="en"><title>Thank you</title><main><h1>Thank you</h1></main></html>\n',
  'projects/riverside-atrium/index.html': '<!doctype html><html lang="en"><title>Riverside</title><main><h1>Riverside Crossing atrium wall</h1></main></html>\n',
  '404.html': '<!doctype html><html lang="en"><title>Not found</title><main><h1>Page not found</h1></main></html>\n',
  'robots.txt': 'User-agent: *\nAllow: /\nDisallow: /admin/\n',
  // Written by the build from content (scripts/security-txt.ts), today as a build would.
  '.well-known/security.txt': securityTxt(securityContact, seo.baseUrl, new Date()),
  // The console's page (admin/index.html in the build): client-rendered, never stored.
  'admin/index.html': '<!doctype html><html lang="en-ZA"><meta name="robots" content="noindex"><title>Console</title><div id="console-root"></div></html>\n',
  // The build's list of each page's id and links (server/click-tracking/site-pages.ts), on its stand-in origin.
  'page-links.json': `${JSON.stringify({
    origin: 'https://build.invalid',
    pages: [
      {
        path: '/',
        postId: 12,
        links: [
          { target: 'https://build.invalid/#projects', anchor: 'See our projects' },
          { target: 'https://build.invalid/#projects', anchor: 'image:https://build.invalid/assets/images/x.webp' },
          { target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn' },
          // An anchor a spreadsheet would take for a formula (the clicks report's CSV).
          { target: 'https://www.linkedin.com/company/lumina', anchor: '=HYPERLINK("x")' },
          { target: 'tel:+27215550100', anchor: '+27 21 555 0100' },
          { target: 'mailto:enquiries@example.co.za', anchor: 'Email us' },
        ],
      },
      { path: '/?category=control-room', postId: 12, links: [{ target: 'https://build.invalid/projects/riverside-atrium/', anchor: 'Riverside Crossing atrium wall' }] },
      {
        path: '/thank-you/',
        postId: 0,
        links: [
          { target: 'https://build.invalid/#projects', anchor: 'See our projects' },
          { target: 'https://www.facebook.com/lumina', anchor: 'Facebook' },
        ],
      },
      { path: '/newsletter/confirmed/', postId: 0, links: [{ target: 'https://build.invalid/#projects', anchor: 'See our projects' }] },
    ],
  })}\n`,
  'assets/index-4f2a9c1b.js': `console.log(${JSON.stringify('x'.repeat(2000))});\n`,
  'assets/index-7d1e0b3a.css': `body{margin:0}${'.a{color:red}'.repeat(100)}\n`,
} as const;

/** A picture of the build's, below the path the media library serves uploads at. */
export const BUILT_PICTURE = 'assets/images/about-factory-480w.0123abcdef.jpg';

/** Files written without twins, as the build leaves binary files. */
export const binaryFixtureFiles = {
  'assets/logo-0a1b2c3d.png': Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  // One of the build's pictures, named as the media library names an upload's (its route shares the folder).
  [BUILT_PICTURE]: Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  '.env': Buffer.from('SECRET=1\n'),
} as const;

export interface StaticFixture {
  root: string;
  cleanup(): Promise<void>;
}

export async function createStaticFixture(): Promise<StaticFixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-test-static-'));
  for (const [name, text] of Object.entries(fixtureFiles)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  }
  for (const [name, bytes] of Object.entries(binaryFixtureFiles)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), bytes);
  }
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}
