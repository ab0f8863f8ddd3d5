// Optimises the source pictures of content/images for the web with sharp: every picture in
// three widths (never wider than its source) and three formats (AVIF, WebP and a JPEG or PNG
// fallback). Results are cached by a hash of the source and the encoder settings, so only new
// or changed pictures are encoded again. Writes content/image-manifest.json, which the views
// read to build <picture> elements with explicit sizes.
//   npx tsx scripts/optimise-images.ts
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import {
  modernImageFormats,
  variantFileName,
  type ImageEntry,
  type ImageFormat,
  type ImageManifest,
} from '../content/image-manifest.ts';

/** Widths for a one-column phone layout, a tablet or half a desktop, and a full desktop. */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;
export const IMAGE_BASE_PATH = '/assets/images/';

// Changing any setting here changes every hash, so browsers never keep an outdated variant.
const ENCODER_SETTINGS = {
  version: 1,
  // Effort 3, not 4: on a 2-core machine 4 takes about 12 s a picture (3.5 min for a cold
  // build, which a newcomer's first `npm start` and every CI run pay); 3 takes a quarter of that
  // for files about 10% larger.
  avif: { quality: 52, effort: 3 },
  webp: { quality: 76, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true, progressive: true },
  png: { compressionLevel: 9, adaptiveFiltering: true },
} as const;

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

/** Widths to produce for a source `sourceWidth` wide: the standard ones that fit, plus the source's own. */
export function widthsFor(sourceWidth: number): number[] {
  const widths: number[] = RESPONSIVE_WIDTHS.filter((width) => width <= sourceWidth);
  const largest = RESPONSIVE_WIDTHS[RESPONSIVE_WIDTHS.length - 1]!;
  if (sourceWidth < largest && !widths.includes(sourceWidth)) widths.push(sourceWidth);
  return widths;
}

const toHex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes through a temporary file so a concurrent build never reads a half-written picture. */
async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

function encode(source: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
  const pipeline = sharp(source).rotate().resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'avif':
      return pipeline.avif(ENCODER_SETTINGS.avif).toBuffer();
    case 'webp':
      return pipeline.webp(ENCODER_SETTINGS.webp).toBuffer();
    case 'jpeg':
      return pipeline.jpeg(ENCODER_SETTINGS.jpeg).toBuffer();
    case 'png':
      return pipeline.png(ENCODER_SETTINGS.png).toBuffer();
  }
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
    const hash = createHash('sha256').update(source).update(JSON.stringify(ENCODER_SETTINGS)).digest('hex').slice(0, 10);
    const image = sharp(source);
    const metadata = await image.metadata();
    // EXIF orientation 5–8 swaps width and height once the picture is rotated upright.
    const rotated = (metadata.orientation ?? 1) >= 5;
    const width = (rotated ? metadata.height : metadata.width) ?? 0;
    const height = (rotated ? metadata.width : metadata.height) ?? 0;
    const { dominant } = await image.stats();
    const fallback: ImageEntry['fallback'] = metadata.hasAlpha ? 'png' : 'jpeg';
    const widths = widthsFor(width);
    const formats: ImageFormat[] = [...modernImageFormats, fallback];

    const jobs = widths.flatMap((variantWidth) => formats.map((format) => ({ variantWidth, format })));
    let encodedHere = 0;
    await Promise.all(
      jobs.map(async ({ variantWidth, format }) => {
        const file = variantFileName(key, hash, variantWidth, format);
        files.push(file);
        const target = join(cacheDir, file);
        if (await exists(target)) {
          reused += 1;
          return;
        }
        await writeAtomically(target, await encode(source, variantWidth, format));
        encoded += 1;
        encodedHere += 1;
      }),
    );
    if (encodedHere > 0) log(`optimised ${name}: ${widths.join(', ')} px × ${formats.join(', ')}`);
    manifest.images[key] = {
      width,
      height,
      hash,
      widths,
      fallback,
      color: `#${toHex(dominant.r)}${toHex(dominant.g)}${toHex(dominant.b)}`,
    };
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
