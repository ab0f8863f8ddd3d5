// The gallery's pictures as the lightbox shows them: every optimised width in AVIF, WebP and the
// fallback format, the browser choosing by the screen's width; the smallest as the thumbnail.
import { getImage, imageMimeTypes, modernImageFormats, srcSet, variantUrl } from '../../../content/image-manifest.ts';
import type { Home } from '../../../content/structs/home.struct.ts';
import type { LightboxItem } from '../../services/media/gallery-lightbox.types.ts';

export function lightboxItemsOf(items: Home['gallery']['items']): LightboxItem[] {
  return items.map((item) => {
    const entry = getImage(item.image.key);
    const largest = entry.widths[entry.widths.length - 1]!;
    const smallest = entry.widths[0]!;
    return {
      src: variantUrl(entry, largest, entry.fallback),
      srcset: srcSet(entry, entry.fallback),
      sizes: '100vw',
      sources: modernImageFormats.map((format) => ({ type: imageMimeTypes[format], srcset: srcSet(entry, format), sizes: '100vw' })),
      alt: item.image.alt,
      caption: item.caption,
      thumb: variantUrl(entry, smallest, entry.fallback),
    };
  });
}
