import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { ImageEntry, ImageManifest } from '../../content/image-manifest.ts';
import { CONSOLE_REFUSAL } from '../../src/validation/console/console-api.ts';
import {
  altProblem,
  bytesText,
  FILE_MISSING,
  keyFromName,
  keyProblem,
  MEDIA_ERROR,
  MEDIA_FORMATS,
  type UploadField,
} from '../../src/validation/media-library/media-library.protocol.ts';
import type { Database } from '../db/types.ts';
import { RestError } from '../http/rest-error.ts';
import { describeImage, isOverPixelLimit, MAX_IMAGE_SIDE, readImageHeader, variantFiles, writeVariants } from '../images/encode-image.ts';
import { uploadEncodes } from './encode-queue.ts';
import { entryOf, mediaRows, variantsColumn, type MediaRow } from './media-rows.ts';
import { libraryBytes, storedBytes } from './media-storage.ts';

/*
 * An upload (README.md, "Pictures in the console"): its fields checked, its type and size read
 * from its header by sharp (a PNG named .jpg is a PNG; a text file named .jpg is refused; a
 * picture larger than 10,000 pixels a side is refused before a pixel of it is decoded), its key
 * derived from the file's name unless given and never one another picture has, the library's
 * quota (MEDIA_MAX_BYTES) checked, then encoded by the build's pipeline
 * (server/images/encode-image.ts) into MEDIA_DIR, one upload at a time in this process
 * (encode-queue.ts), and recorded.
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

const tooManyPixels = (size: string) =>
  new RestError(422, MEDIA_ERROR.tooManyPixels, `This picture is ${size}; the site takes at most ${MAX_IMAGE_SIDE.toLocaleString('en')} pixels on a side. Make it smaller and upload it again.`, { field: 'file' });

const quotaExceeded = (usedBytes: number, quotaBytes: number) =>
  new RestError(
    413,
    MEDIA_ERROR.quotaExceeded,
    `The uploaded pictures take ${bytesText(usedBytes)} of the ${bytesText(quotaBytes)} the site keeps for them, and this one does not fit. Delete pictures nothing uses, or ask whoever runs the server to raise MEDIA_MAX_BYTES.`,
    { field: 'file', usedBytes, quotaBytes },
  );

const busy = () =>
  new RestError(503, MEDIA_ERROR.busy, 'The server is making other pictures right now. Upload this one again in a minute.', { field: 'file', retry_after: 30 });

/** The format of the picture in the bytes, from its header alone, if it is one the library takes and not too large. */
async function checkHeader(data: Buffer): Promise<(typeof MEDIA_FORMATS)[number]> {
  let header;
  try {
    header = await readImageHeader(data);
  } catch (error) {
    if (isOverPixelLimit(error)) throw tooManyPixels('more than 100 megapixels');
    throw unsupported();
  }
  const format = MEDIA_FORMATS.find((taken) => taken === header.format);
  if (format === undefined) throw unsupported();
  if (header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE) throw tooManyPixels(`${header.width} × ${header.height} pixels`);
  return format;
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

export interface StoreUploadOptions {
  db: Kysely<Database>;
  mediaDir: string;
  /** MEDIA_MAX_BYTES: what every upload's variants may take together. */
  quotaBytes: number;
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
  const isTaken = async () => key in built.images || (await db.selectFrom('media').select('id').where('key', '=', key).executeTakeFirst()) !== undefined;
  if (await isTaken()) throw keyTaken(key);

  const format = await checkHeader(file.data);
  const used = await libraryBytes(mediaDir, await mediaRows(db));
  if (used >= options.quotaBytes) throw quotaExceeded(used, options.quotaBytes);

  const stored = await uploadEncodes.run(async () => {
    // An upload of this process that waited before this one may have taken the key.
    if (await isTaken()) throw keyTaken(key);
    const picture = await describeImage(file.data).catch(() => {
      throw unsupported();
    });
    await mkdir(mediaDir, { recursive: true });
    await writeVariants(file.data, key, picture.entry, mediaDir);
    // Counted within the turn: an upload of this process before it has its row and its files.
    const usedNow = await libraryBytes(mediaDir, await mediaRows(db));
    const added = await storedBytes(mediaDir, key, picture.entry);
    if (usedNow + added > options.quotaBytes) {
      await removeVariants(mediaDir, key, picture.entry);
      throw quotaExceeded(usedNow, options.quotaBytes);
    }
    return record(db, mediaDir, key, picture.entry, {
      key,
      alt: fields.alt.trim(),
      original_name: file.name.slice(0, 255),
      content_type: CONTENT_TYPES[format],
      width: picture.entry.width,
      height: picture.entry.height,
      variants: variantsColumn(picture.entry),
      bytes: file.data.length,
      uploaded_by: options.uploadedBy,
      created_at: new Date(options.now).toISOString(),
    });
  });
  if (stored === 'full') throw busy();
  return stored;
}

/** Inserts an encoded upload's row; answers it. Another upload that took the key meanwhile is 409. */
async function record(db: Kysely<Database>, mediaDir: string, key: string, entry: ImageEntry, values: Omit<MediaRow, 'id'>): Promise<MediaRow> {
  try {
    const { id } = await db.insertInto('media').values(values).returning('id').executeTakeFirstOrThrow();
    return { id: Number(id), ...values };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another upload took the key meanwhile: its files stay, ours go (the same names are the same bytes).
    const other = await db.selectFrom('media').select(['width', 'height', 'variants']).where('key', '=', key).executeTakeFirst();
    if (other === undefined || entryOf(other).hash !== entry.hash) await removeVariants(mediaDir, key, entry);
    throw keyTaken(key);
  }
}

/** Deletes a picture's files from MEDIA_DIR (those already gone are no error). */
export async function removeVariants(mediaDir: string, key: string, entry: Parameters<typeof variantFiles>[1]): Promise<void> {
  await Promise.all(variantFiles(key, entry).map(({ file }) => rm(join(mediaDir, file), { force: true })));
}
