import type { Kysely } from 'kysely';
import { addIdColumn } from './id-column.ts';

/*
 * The media library (README.md, "Pictures in the console"): every picture uploaded in the
 * console, its variants encoded by the build's pipeline into MEDIA_DIR. `variants` is the
 * picture's image-manifest entry without its size (widths, hash, fallback, colour, as JSON), so
 * the live manifest is content/image-manifest.json plus these rows.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('media'))
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('alt', 'text', (col) => col.notNull())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('variants', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('uploaded_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
