// The one picture pipeline (README.md, "Pictures"): the build's optimiser
// (scripts/optimise-images.ts) and the console's media library (server/media-library/) encode
// with it, so an uploaded picture gets exactly what a picture of content/images gets: the same
// widths (never wider than its source), AVIF and WebP with a JPEG or PNG fallback, the same
// encoder settings and the same hashed, immutable file names (content/image-manifest.ts).
import { createHash } from 'node:crypto';
import { rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { modernImageFormats, variantFileName, type ImageEntry, type ImageFormat } from '../../content/image-manifest.ts';

/** Widths for a one-column phone layout, a tablet or half a desktop, and a full desktop. */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;
export const IMAGE_BASE_PATH = '/assets/images/';
/** The largest side the image manifest takes (content/structs/image-manifest.struct.ts). */
export const MAX_IMAGE_SIDE = 10_000;
/**
 * The most pixels sharp decodes of any picture, 100 megapixels (a picture of the largest sides).
 * sharp's own default is 268 megapixels, the size of the 16383 × 16383 PNG that once took 12 s
 * and 805 MB to refuse (README.md, "Abuse paths and the limits that stop them").
 */
export const MAX_INPUT_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;

/**
 * sharp on a source with MAX_INPUT_PIXELS: a picture whose header declares more pixels is
 * refused before any is decoded (`metadata()` included). The repository calls sharp here and
 * nowhere else (test/server/images/sharp-input-limit.test.ts checks it).
 */
export function openImage(source: Buffer, options: Omit<SharpOptions, 'limitInputPixels'> = {}): Sharp {
  return sharp(source, { ...options, limitInputPixels: MAX_INPUT_PIXELS });
}

/** Whether sharp refused a picture for declaring more than MAX_INPUT_PIXELS. */
export const isOverPixelLimit = (error: unknown): boolean => error instanceof Error && /exceeds pixel limit/i.test(error.message);

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

/** What a picture's header says, nothing decoded: its format, its upright size, whether it has transparency. */
export interface ImageHeader {
  format: string;
  width: number;
  height: number;
  hasAlpha: boolean;
}

function headerOf(metadata: Metadata): ImageHeader {
  // EXIF orientation 5–8 swaps width and height once the picture is rotated upright.
  const rotated = (metadata.orientation ?? 1) >= 5;
  return {
    format: metadata.format ?? 'unknown',
    width: (rotated ? metadata.height : metadata.width) ?? 0,
    height: (rotated ? metadata.width : metadata.height) ?? 0,
    hasAlpha: metadata.hasAlpha ?? false,
  };
}

/**
 * A source's header, read without decoding a pixel: check its size here before anything
 * decodes it. Rejects what sharp cannot read as a picture, and (isOverPixelLimit) a picture
 * declaring more than MAX_INPUT_PIXELS.
 */
export async function readImageHeader(source: Buffer): Promise<ImageHeader> {
  return headerOf(await openImage(source).metadata());
}

/**
 * A source's manifest entry: its upright size, widths, hash, fallback format (PNG when it has
 * transparency) and dominant colour, which decodes the whole picture. Rejects what sharp cannot
 * read as a picture.
 */
export async function describeImage(source: Buffer): Promise<DescribedImage> {
  const image = openImage(source);
  const { format, width, height, hasAlpha } = headerOf(await image.metadata());
  const { dominant } = await image.stats();
  return {
    format,
    entry: {
      width,
      height,
      hash: imageHash(source),
      widths: widthsFor(width),
      fallback: hasAlpha ? 'png' : 'jpeg',
      color: `#${toHex(dominant.r)}${toHex(dominant.g)}${toHex(dominant.b)}`,
    },
  };
}

/** One variant of a picture: `width` wide in `format`. */
export function encodeVariant(source: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
  const pipeline = openImage(source).rotate().resize({ width, withoutEnlargement: true });
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
