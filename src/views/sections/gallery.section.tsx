// The gallery. Every picture links to its largest version, so without JavaScript a visitor can
// still open it full size; the lightbox of a later issue takes over these same links.
import { getImage, variantUrl } from '../../../content/image-manifest.ts';
import { gallery } from '../../../content/home/gallery.ts';
import { ResponsivePicture } from './parts/responsive-picture.view.tsx';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';

export function GallerySection() {
  return (
    <section id={SECTION.gallery} className="section section--alt gallery" aria-labelledby={titleIdOf(SECTION.gallery)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.gallery)} eyebrow={gallery.eyebrow} heading={gallery.heading} intro={gallery.intro} />
        <ul className="gallery-grid">
          {gallery.items.map((item) => {
            const entry = getImage(item.image.key);
            const largest = entry.widths[entry.widths.length - 1]!;
            return (
              <li key={item.image.key} className="gallery-grid__item">
                <figure className="gallery-item">
                  <a className="gallery-item__link" href={variantUrl(entry, largest, entry.fallback)}>
                    <ResponsivePicture
                      image={item.image}
                      sizes="(min-width: 75em) 276px, (min-width: 64em) 23vw, (min-width: 40em) 45vw, 100vw"
                    />
                  </a>
                  <figcaption>{item.caption}</figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
