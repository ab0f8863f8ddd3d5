// The gallery. Every picture links to its largest version, so without JavaScript a visitor can
// still open it full size; the lightbox (gallery-grid.view.tsx) takes over these same links.
import { GalleryGrid } from '../media/gallery-grid.view.tsx';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

export function GallerySection() {
  const { gallery } = useSiteContent();
  return (
    <section id={SECTION.gallery} className="section section--alt gallery" aria-labelledby={titleIdOf(SECTION.gallery)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.gallery)} eyebrow={gallery.eyebrow} heading={gallery.heading} intro={gallery.intro} />
        <GalleryGrid gallery={gallery} />
      </div>
    </section>
  );
}
