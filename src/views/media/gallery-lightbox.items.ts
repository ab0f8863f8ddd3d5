// The gallery's pictures as the lightbox shows them: every optimised width in AVIF, WebP and the
// fallback format, the browser choosing by the screen's width; the smallest as the thumbnail.
import { getImage, imageMimeTypes, modernImageFormats, srcSet, variantUrl, type ImageManifest } from '../../../content/image-manifest.ts';
import type { Home } from '../../../content/structs/home.struct.ts';
import type { LightboxItem } from '../../services/media/gallery-lightbox.types.ts';

/** `manifest`: the page's pictures (usePageImages of src/views/shared/site-content.tsx). */
export function lightboxItemsOf(items: Home['gallery']['items'], manifest: ImageManifest): LightboxItem[] {
  return items.map((item) => {
    const entry = getImage(item.image.key, manifest);
    const largest = entry.widths[entry.widths.length - 1]!;
    const smallest = entry.widths[0]!;
    return {
      src: variantUrl(entry, largest, entry.fallback, manifest),
      srcset: srcSet(entry, entry.fallback, manifest),
      sizes: '100vw',
      sources: modernImageFormats.map((format) => ({ type: imageMimeTypes[format], srcset: srcSet(entry, format, manifest), sizes: '100vw' })),
      alt: item.image.alt,
      caption: item.caption,
      thumb: variantUrl(entry, smallest, entry.fallback, manifest),
    };
  });
}
