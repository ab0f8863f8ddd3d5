// Optimises the source pictures of content/images for the web with sharp: every picture in
// three widths (never wider than its source) and three formats (AVIF, WebP and a JPEG or PNG
// fallback), encoded by the pipeline the console's media library shares
// (server/images/encode-image.ts). Results are cached by a hash of the source and the encoder
// settings, so only new or changed pictures are encoded again. Writes
// content/image-manifest.json, which the views read to build <picture> elements with explicit sizes.
//   npx tsx scripts/optimise-images.ts
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImageManifest } from '../content/image-manifest.ts';
import { describeImage, IMAGE_BASE_PATH, writeAtomically, writeVariants } from '../server/images/encode-image.ts';

export { IMAGE_BASE_PATH, RESPONSIVE_WIDTHS, widthsFor } from '../server/images/encode-image.ts';

export interface OptimiseImagesOptions {
  /** The project root; the other paths are relative to it. */
  root?: string;
  sourceDir?: string;
  cacheDir?: string;
  manifestFile?: string;
  log?: (line: string) => void;
}

export interface OptimiseImagesResult {
  manifest: ImageManifest;
  /** Where the variants are, by file name. */
  cacheDir: string;
  files: string[];
  encoded: number;
  reused: number;
}

export function imagePaths(options: OptimiseImagesOptions = {}) {
  const root = resolve(options.root ?? process.cwd());
  return {
    sourceDir: resolve(root, options.sourceDir ?? 'content/images'),
    // Under node_modules/.cache like other tools' caches: ignored by git, kept between builds.
    cacheDir: resolve(root, options.cacheDir ?? 'node_modules/.cache/optimised-images'),
    manifestFile: resolve(root, options.manifestFile ?? 'content/image-manifest.json'),
  };
}

export async function optimiseImages(options: OptimiseImagesOptions = {}): Promise<OptimiseImagesResult> {
  const { sourceDir, cacheDir, manifestFile } = imagePaths(options);
  const log = options.log ?? (() => {});
  await mkdir(cacheDir, { recursive: true });

  const sources = (await readdir(sourceDir))
    .filter((name) => ['.jpg', '.jpeg', '.png'].includes(extname(name).toLowerCase()))
    .sort();
  const manifest: ImageManifest = { version: 1, basePath: IMAGE_BASE_PATH, images: {} };
  const files: string[] = [];
  let encoded = 0;
  let reused = 0;

  for (const name of sources) {
    const key = name.slice(0, -extname(name).length);
    const source = await readFile(join(sourceDir, name));
    const { entry } = await describeImage(source);
    const written = await writeVariants(source, key, entry, cacheDir);
    files.push(...written.files);
    encoded += written.encoded;
    reused += written.files.length - written.encoded;
    if (written.encoded > 0) log(`optimised ${name}: ${entry.widths.join(', ')} px × avif, webp, ${entry.fallback}`);
    manifest.images[key] = entry;
  }

  // Forget variants of pictures that changed or were removed.
  const keep = new Set(files);
  for (const file of await readdir(cacheDir)) {
    if (!keep.has(file) && !file.endsWith('.tmp')) await rm(join(cacheDir, file), { force: true });
  }

  // Rewrite the manifest only when it changed: the dev server reloads on every write.
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const previous = await readFile(manifestFile, 'utf8').catch(() => '');
  if (previous !== text) {
    await writeAtomically(manifestFile, text);
    log(`wrote ${manifestFile}`);
  }
  return { manifest, cacheDir, files: files.sort(), encoded, reused };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const result = await optimiseImages({ log: (line) => console.log(line) });
  console.log(
    `images: ${Object.keys(result.manifest.images).length} sources, ${result.encoded} variants encoded, ${result.reused} reused (${Date.now() - started} ms)`,
  );
}
