// The clients' logos. The carousel is its own chunk (and react-splide with Splide another, loaded
// by the carousel's machine after first paint); the prerender waits for the carousel, so the page
// carries every logo as a plain list, readable with JavaScript off.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

const LogoCarousel = lazyPart(() => import('../media/logo-carousel.view.tsx'));

export function ClientsSection() {
  const { clients } = useSiteContent();
  return (
    <section id={SECTION.clients} className="section clients" aria-labelledby={titleIdOf(SECTION.clients)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.clients)} eyebrow={clients.eyebrow} heading={clients.heading} intro={clients.intro} />
        <Suspense fallback={null}>
          <LogoCarousel clients={clients.items} words={clients.carousel} rootId="client-logos" />
        </Suspense>
      </div>
    </section>
  );
}
