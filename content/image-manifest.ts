// The optimised pictures: which widths and formats exist for every source image in
// content/images, and how their URLs are spelt. scripts/optimise-images.ts writes
// image-manifest.json and names the files with variantFileName below; the views build
// <picture> elements from the same functions, so the two cannot disagree.
import manifestData from './image-manifest.json' with { type: 'json' };
import type { ImageEntry, ImageManifest } from './structs/image-manifest.struct.ts';

export type { ImageEntry, ImageManifest };

/** Formats offered in <source> elements, best first; the <img> carries the entry's fallback. */
export const modernImageFormats = ['avif', 'webp'] as const;
export type ImageFormat = (typeof modernImageFormats)[number] | ImageEntry['fallback'];

const extensions: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
export const imageMimeTypes: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** "hero-led-wall-960w.3f2a9c01bd.avif": the hash covers the source and the encoder settings. */
export function variantFileName(key: string, hash: string, width: number, format: ImageFormat): string {
  return `${key}-${width}w.${hash}.${extensions[format]}`;
}

export const imageManifest = manifestData as ImageManifest;

export interface ManifestImage extends ImageEntry {
  key: string;
}

export function getImage(key: string, manifest: ImageManifest): ManifestImage {
  const entry = manifest.images[key];
  if (!entry) {
    throw new Error(`No optimised image "${key}": add content/images/${key}.jpg and run npm run build, or upload it in the console's Pictures`);
  }
  return { key, ...entry };
}

export function variantUrl(image: ManifestImage, width: number, format: ImageFormat, manifest: ImageManifest): string {
  return `${manifest.basePath}${variantFileName(image.key, image.hash, width, format)}`;
}

/** The srcset of one format: every width that exists, e.g. "…-480w….avif 480w, …-960w….avif 960w". */
export function srcSet(image: ManifestImage, format: ImageFormat, manifest: ImageManifest): string {
  return image.widths.map((width) => `${variantUrl(image, width, format, manifest)} ${width}w`).join(', ');
}

/** Height of a variant, rounded the way the optimiser resizes. */
export function heightAt(image: ManifestImage, width: number): number {
  return Math.round((image.height * width) / image.width);
}

/**
 * The entries of `manifest` that `documents` name: every `{ key }` anywhere in them that is a
 * picture (an ImageRef, content/structs/common.struct.ts). A page carries these beside its
 * documents (src/views/shared/site-content.tsx), so the browser draws uploaded pictures without
 * the manifest being compiled into the JavaScript.
 */
export function imagesNamedIn(documents: unknown, manifest: ImageManifest): ImageManifest {
  const images: ImageManifest['images'] = {};
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (typeof value === 'object' && value !== null) {
      const key = (value as { key?: unknown }).key;
      if (typeof key === 'string' && Object.hasOwn(manifest.images, key)) images[key] = manifest.images[key]!;
      for (const item of Object.values(value)) visit(item);
    }
  };
  visit(documents);
  return { ...manifest, images };
}
