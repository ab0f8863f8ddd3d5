// A picture (from content/images, or uploaded in the console; the page carries its entry) as the browser should get it: AVIF, then WebP, then the
// JPEG/PNG fallback, each in every optimised width so the browser picks by `sizes`; the
// intrinsic width and height reserve its space before it loads (no layout shift).
import { imageMimeTypes, modernImageFormats, srcSet, variantUrl } from '../../../../content/image-manifest.ts';
import type { ImageRef } from '../../../../content/index.ts';
import { usePageImages } from '../../shared/site-content.tsx';

export interface ResponsivePictureProps {
  image: ImageRef;
  /** How wide the picture is shown, as a `sizes` attribute: "(min-width: 64em) 50vw, 100vw". */
  sizes: string;
  /** The first picture on screen (the hero): fetched first and never lazily. */
  priority?: boolean;
  className?: string;
}

export function ResponsivePicture({ image, sizes, priority = false, className }: ResponsivePictureProps) {
  const { manifest, picture } = usePageImages();
  const entry = picture(image.key);
  // The plain src is for browsers without srcset support: a middle width is a fair compromise.
  const fallbackWidth = entry.widths.find((width) => width >= 960) ?? entry.widths[entry.widths.length - 1]!;
  return (
    <picture className={className}>
      {modernImageFormats.map((format) => (
        <source key={format} type={imageMimeTypes[format]} srcSet={srcSet(entry, format, manifest)} sizes={sizes} />
      ))}
      <img
        src={variantUrl(entry, fallbackWidth, entry.fallback, manifest)}
        srcSet={srcSet(entry, entry.fallback, manifest)}
        sizes={sizes}
        width={entry.width}
        height={entry.height}
        alt={image.alt}
        loading={priority ? undefined : 'lazy'}
        decoding={priority ? undefined : 'async'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
