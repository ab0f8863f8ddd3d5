import type { Kysely } from 'kysely';
import { imageManifest, type ImageManifest } from '../../content/image-manifest.ts';
import type { Database } from '../db/types.ts';
import { entryOf, mediaRows } from './media-rows.ts';

/**
 * The image manifest at run time (README.md, "Pictures in the console"): the build's
 * (content/image-manifest.json, the pictures of content/images) with every picture uploaded in
 * the console added, in the same shape, so whatever renders pages from live content
 * (`getImage`, `srcSet`, `variantUrl` of content/image-manifest.ts, given this manifest) draws
 * uploaded pictures as it draws the build's. Their files are served below the same basePath
 * (media-library.route.ts). A key is never both: an upload may not take a build's key.
 */
export async function liveImageManifest(db: Kysely<Database>, built: ImageManifest = imageManifest): Promise<ImageManifest> {
  const images: ImageManifest['images'] = { ...built.images };
  for (const row of await mediaRows(db)) if (!(row.key in built.images)) images[row.key] = entryOf(row);
  return { ...built, images };
}
