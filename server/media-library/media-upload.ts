import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { ImageManifest } from '../../content/image-manifest.ts';
import { CONSOLE_REFUSAL } from '../../src/validation/console/console-api.ts';
import {
  altProblem,
  FILE_MISSING,
  keyFromName,
  keyProblem,
  MEDIA_ERROR,
  MEDIA_FORMATS,
  type UploadField,
} from '../../src/validation/media-library/media-library.protocol.ts';
import type { Database } from '../db/types.ts';
import { RestError } from '../http/rest-error.ts';
import { describeImage, MAX_IMAGE_SIDE, variantFiles, writeVariants, type DescribedImage } from '../images/encode-image.ts';
import { entryOf, variantsColumn, type MediaRow } from './media-rows.ts';

/*
 * An upload (README.md, "Pictures in the console"): its fields checked, its type read from its
 * content by sharp (a PNG named .jpg is a PNG; a text file named .jpg is refused), its key
 * derived from the file's name unless given and never one another picture has, then encoded
 * by the build's pipeline (server/images/encode-image.ts) into MEDIA_DIR and recorded.
 */

export interface UploadedFile {
  name: string;
  data: Buffer;
}

export interface UploadFields {
  file: UploadedFile | null;
  alt: string;
  key: string;
}

const CONTENT_TYPES: Record<(typeof MEDIA_FORMATS)[number], string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const fieldError = (field: UploadField, message: string) => new RestError(400, CONSOLE_REFUSAL.invalidBody, message, { field });

const unsupported = () => new RestError(415, MEDIA_ERROR.unsupportedType, 'This file is not a JPEG, PNG or WebP picture. Choose one of those.', { field: 'file' });

const keyTaken = (key: string) => new RestError(409, MEDIA_ERROR.keyTaken, `A picture named "${key}" exists already. Give this one another name.`, { field: 'key' });

/** The picture sharp reads in the bytes, if it is one the library takes. */
async function readPicture(data: Buffer): Promise<DescribedImage & { format: (typeof MEDIA_FORMATS)[number] }> {
  let described: DescribedImage;
  try {
    described = await describeImage(data);
  } catch {
    throw unsupported();
  }
  const format = MEDIA_FORMATS.find((taken) => taken === described.format);
  if (format === undefined) throw unsupported();
  const { width, height } = described.entry;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw fieldError('file', `This picture is ${width} × ${height} pixels; the site takes at most ${MAX_IMAGE_SIDE} on a side.`);
  }
  return { ...described, format };
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

export interface StoreUploadOptions {
  db: Kysely<Database>;
  mediaDir: string;
  /** The build's manifest: its keys are taken. */
  built: ImageManifest;
  uploadedBy: string;
  now: number;
}

/** Checks, encodes and records an upload; answers its row. Refusals are RestErrors. */
export async function storeUpload(fields: UploadFields, options: StoreUploadOptions): Promise<MediaRow> {
  const { db, mediaDir, built } = options;
  const givenKeyProblem = keyProblem(fields.key);
  if (givenKeyProblem !== null) throw fieldError('key', givenKeyProblem);
  const altText = altProblem(fields.alt);
  if (altText !== null) throw fieldError('alt', altText);
  if (fields.file === null || fields.file.data.length === 0) throw fieldError('file', FILE_MISSING);
  const file = fields.file;
  const key = fields.key.trim() || keyFromName(file.name) || 'picture';
  if (key in built.images || (await db.selectFrom('media').select('id').where('key', '=', key).executeTakeFirst()) !== undefined) throw keyTaken(key);

  const picture = await readPicture(file.data);
  await mkdir(mediaDir, { recursive: true });
  await writeVariants(file.data, key, picture.entry, mediaDir);
  const values = {
    key,
    alt: fields.alt.trim(),
    original_name: file.name.slice(0, 255),
    content_type: CONTENT_TYPES[picture.format],
    width: picture.entry.width,
    height: picture.entry.height,
    variants: variantsColumn(picture.entry),
    bytes: file.data.length,
    uploaded_by: options.uploadedBy,
    created_at: new Date(options.now).toISOString(),
  };
  try {
    const { id } = await db.insertInto('media').values(values).returning('id').executeTakeFirstOrThrow();
    return { id: Number(id), ...values };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another upload took the key meanwhile: its files stay, ours go (the same names are the same bytes).
    const other = await db.selectFrom('media').select(['width', 'height', 'variants']).where('key', '=', key).executeTakeFirst();
    if (other === undefined || entryOf(other).hash !== picture.entry.hash) await removeVariants(mediaDir, key, picture.entry);
    throw keyTaken(key);
  }
}

/** Deletes a picture's files from MEDIA_DIR (those already gone are no error). */
export async function removeVariants(mediaDir: string, key: string, entry: Parameters<typeof variantFiles>[1]): Promise<void> {
  await Promise.all(variantFiles(key, entry).map(({ file }) => rm(join(mediaDir, file), { force: true })));
}
