import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageEntry } from '../../content/image-manifest.ts';
import { variantFiles } from '../images/encode-image.ts';
import { entryOf, type MediaRow } from './media-rows.ts';

/*
 * What the uploads take on disk, for the library's quota (MEDIA_MAX_BYTES; README.md,
 * "Pictures in the console"): every variant file of every upload in MEDIA_DIR, as it is there
 * (read from the files, so it is what the disk holds, whichever server wrote them).
 */

/** The bytes of a picture's variant files in `mediaDir` (a file missing counts nothing). */
export async function storedBytes(mediaDir: string, key: string, entry: Pick<ImageEntry, 'hash' | 'widths' | 'fallback'>): Promise<number> {
  const sizes = await Promise.all(variantFiles(key, entry).map(({ file }) => stat(join(mediaDir, file)).then((found) => found.size, () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** The bytes every upload's variants take. */
export async function libraryBytes(mediaDir: string, rows: ReadonlyArray<Pick<MediaRow, 'key' | 'width' | 'height' | 'variants'>>): Promise<number> {
  let total = 0;
  // A picture at a time: a library of a thousand is nine thousand stats, not all at once.
  for (const row of rows) total += await storedBytes(mediaDir, row.key, entryOf(row));
  return total;
}
