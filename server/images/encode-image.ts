// The one picture pipeline (README.md, "Pictures"): the build's optimiser
// (scripts/optimise-images.ts) and the console's media library (server/media-library/) encode
// with it, so an uploaded picture gets exactly what a picture of content/images gets: the same
// widths (never wider than its source), AVIF and WebP with a JPEG or PNG fallback, the same
// encoder settings and the same hashed, immutable file names (content/image-manifest.ts).
import { createHash } from 'node:crypto';
import { rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { modernImageFormats, variantFileName, type ImageEntry, type ImageFormat } from '../../content/image-manifest.ts';

/** Widths for a one-column phone layout, a tablet or half a desktop, and a full desktop. */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;
export const IMAGE_BASE_PATH = '/assets/images/';
/** The largest side the image manifest takes (content/structs/image-manifest.struct.ts). */
export const MAX_IMAGE_SIDE = 10_000;

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

/** Widths to produce for a source `sourceWidth` wide: the standard ones that fit, plus the source's own. */
export function widthsFor(sourceWidth: number): number[] {
  const widths: number[] = RESPONSIVE_WIDTHS.filter((width) => width <= sourceWidth);
  const largest = RESPONSIVE_WIDTHS[RESPONSIVE_WIDTHS.length - 1]!;
  if (sourceWidth < largest && !widths.includes(sourceWidth)) widths.push(sourceWidth);
  return widths;
}

/** The hash in every variant's name: the source's bytes and the encoder settings. */
export function imageHash(source: Buffer): string {
  return createHash('sha256').update(source).update(JSON.stringify(ENCODER_SETTINGS)).digest('hex').slice(0, 10);
}

const toHex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/** What sharp reads of a source: its format (`jpeg`, `png`, `webp`, …) and its manifest entry. */
export interface DescribedImage {
  format: string;
  entry: ImageEntry;
}

/**
 * A source's manifest entry: its upright size, widths, hash, fallback format (PNG when it has
 * transparency) and dominant colour. Rejects what sharp cannot read as a picture.
 */
export async function describeImage(source: Buffer): Promise<DescribedImage> {
  const image = sharp(source);
  const metadata = await image.metadata();
  // EXIF orientation 5–8 swaps width and height once the picture is rotated upright.
  const rotated = (metadata.orientation ?? 1) >= 5;
  const width = (rotated ? metadata.height : metadata.width) ?? 0;
  const height = (rotated ? metadata.width : metadata.height) ?? 0;
  const { dominant } = await image.stats();
  return {
    format: metadata.format ?? 'unknown',
    entry: {
      width,
      height,
      hash: imageHash(source),
      widths: widthsFor(width),
      fallback: metadata.hasAlpha ? 'png' : 'jpeg',
      color: `#${toHex(dominant.r)}${toHex(dominant.g)}${toHex(dominant.b)}`,
    },
  };
}

/** One variant of a picture: `width` wide in `format`. */
export function encodeVariant(source: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
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

export interface VariantFile {
  file: string;
  width: number;
  format: ImageFormat;
}

/** Every file an entry has: each width in AVIF, WebP and its fallback. */
export function variantFiles(key: string, entry: Pick<ImageEntry, 'hash' | 'widths' | 'fallback'>): VariantFile[] {
  const formats: ImageFormat[] = [...modernImageFormats, entry.fallback];
  return entry.widths.flatMap((width) => formats.map((format) => ({ file: variantFileName(key, entry.hash, width, format), width, format })));
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes through a temporary file so a concurrent reader never sees a half-written picture. */
export async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/**
 * Encodes every variant of `source` into `folder`, leaving files already there (same name, same
 * hash: the same bytes). Answers the files' names and how many were encoded now.
 */
export async function writeVariants(source: Buffer, key: string, entry: ImageEntry, folder: string): Promise<{ files: string[]; encoded: number }> {
  const variants = variantFiles(key, entry);
  let encoded = 0;
  await Promise.all(
    variants.map(async ({ file, width, format }) => {
      const target = join(folder, file);
      if (await exists(target)) return;
      await writeAtomically(target, await encodeVariant(source, width, format));
      encoded += 1;
    }),
  );
  return { files: variants.map((variant) => variant.file), encoded };
}
