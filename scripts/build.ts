// npm run build: the whole site, in order, stopping at the first failure.
//  1. validate content/ (a broken file stops the build with its file and field path)
//  2. optimise the pictures of content/images (cached)
//  3. vite build of the browser bundle → dist/client
//  4. vite build of the owner's console (admin/index.html) into the same dist/client, on its own
//     (README.md "The console": not one chunk shared with the public pages)
//  5. vite build of src/entry-server.tsx for SSR → dist/ssr
//  6. prerender every page into dist/client, with the list of each page's links (page-links.json)
//  7. precompress every text file of dist/client (.br and .gz)
import { pathToFileURL } from 'node:url';
import { build as viteBuild } from 'vite';
import { ContentValidationError, loadValidatedContent } from '../content/validate-content.ts';
import { optimiseImages } from './optimise-images.ts';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';

/**
 * The console's page, built by a Vite build of its own: one build with both pages splits what
 * they share (React, XState) into many small chunks, and the home page's first load grew by
 * 4.4 KB gzipped. Apart, the site's chunks are what they were and none of them is the console's.
 */
export const CONSOLE_ENTRY = 'admin/index.html';
/** Its manifest beside the site's (.vite/manifest.json), for bench/bundle.ts. */
export const CONSOLE_MANIFEST = '.vite/console-manifest.json';

export async function buildSite(root: string = process.cwd()): Promise<void> {
  const started = Date.now();
  const step = (text: string) => console.log(`\n▸ ${text}`);

  step('validating content');
  await loadValidatedContent(root);
  console.log('content is valid');

  step('optimising images');
  const images = await optimiseImages({ root, log: (line) => console.log(line) });
  console.log(`${Object.keys(images.manifest.images).length} pictures: ${images.encoded} variants encoded, ${images.reused} reused`);

  // Vite keeps a NODE_ENV it finds (vitest sets "test"), and React would then ship its
  // development build: the site is always built for production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    step('building the browser bundle');
    await viteBuild({ root, mode: 'production', logLevel: 'warn' });

    step('building the console');
    await viteBuild({
      root,
      mode: 'production',
      logLevel: 'warn',
      build: { emptyOutDir: false, copyPublicDir: false, manifest: CONSOLE_MANIFEST, rolldownOptions: { input: CONSOLE_ENTRY } },
    });

    step('building the server renderer');
    await viteBuild({
      root,
      mode: 'production',
      logLevel: 'warn',
      build: { ssr: 'src/entry-server.tsx', outDir: 'dist/ssr', emptyOutDir: true, copyPublicDir: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }

  step('prerendering');
  await prerender({ root, log: (line) => console.log(line) });

  step('precompressing');
  const compressed = await precompress(`${root}/dist/client`);
  console.log(`${compressed.files} files: ${(compressed.bytes / 1024).toFixed(0)} KB → ${(compressed.brotliBytes / 1024).toFixed(0)} KB brotli, ${(compressed.gzipBytes / 1024).toFixed(0)} KB gzip`);

  console.log(`\nbuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await buildSite();
  } catch (error) {
    if (error instanceof ContentValidationError) {
      console.error(`\nThe content is invalid:\n${error.message}`);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  }
}
