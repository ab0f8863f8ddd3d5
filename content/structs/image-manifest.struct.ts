import { array, enums, integer, nonempty, object, pattern, record, size, string, type Infer } from 'superstruct';

/**
 * What scripts/optimise-images.ts writes to content/image-manifest.json: for every source image,
 * its intrinsic size, the widths that exist (never wider than the source) and a hash of the
 * source and encoder settings that makes every variant's URL immutable.
 */
const ImageEntry = object({
  width: size(integer(), 1, 10_000),
  height: size(integer(), 1, 10_000),
  hash: pattern(string(), /^[0-9a-f]{10}$/),
  widths: nonempty(array(size(integer(), 1, 10_000))),
  /** The format for browsers without AVIF or WebP: jpeg for photos, png when there is transparency. */
  fallback: enums(['jpeg', 'png']),
  /** The dominant colour, painted while the picture loads. */
  color: pattern(string(), /^#[0-9a-f]{6}$/),
});

export const ImageManifestStruct = object({
  version: integer(),
  basePath: pattern(string(), /^\/.*\/$/),
  images: record(pattern(string(), /^[a-z0-9-]+$/), ImageEntry),
});

export type ImageManifest = Infer<typeof ImageManifestStruct>;
export type ImageEntry = Infer<typeof ImageEntry>;
