import type { Kysely, Selectable } from 'kysely';
import type { ImageEntry } from '../../content/image-manifest.ts';
import type { Database, MediaTable } from '../db/types.ts';

/*
 * The media table's rows (migration 0024) as image-manifest entries: what the upload stores
 * and what the live manifest, the list and deletion read back (README.md, "Pictures in the console").
 */

export type MediaRow = Selectable<MediaTable>;

/** The `variants` column: an entry without its size. */
type StoredVariants = Pick<ImageEntry, 'widths' | 'hash' | 'fallback' | 'color'>;

export function variantsColumn(entry: ImageEntry): string {
  const stored: StoredVariants = { widths: entry.widths, hash: entry.hash, fallback: entry.fallback, color: entry.color };
  return JSON.stringify(stored);
}

/** A row's manifest entry. */
export function entryOf(row: Pick<MediaRow, 'width' | 'height' | 'variants'>): ImageEntry {
  const { widths, hash, fallback, color } = JSON.parse(row.variants) as StoredVariants;
  return { width: row.width, height: row.height, hash, widths, fallback, color };
}

/** Every uploaded picture, by key. */
export async function mediaRows(db: Kysely<Database>): Promise<MediaRow[]> {
  const rows = await db.selectFrom('media').selectAll().orderBy('key').execute();
  // PostgreSQL's bigint/serial columns may arrive as strings.
  return rows.map((row) => ({ ...row, id: Number(row.id), width: Number(row.width), height: Number(row.height), bytes: Number(row.bytes) }));
}
