// Client quotes. The slider is its own chunk, loaded after first paint; the prerender waits for
// it, so the page carries every quote as a list (readable with JavaScript off), and the chunk
// hydrates that list before turning it into a slider.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

const TextSlider = lazyPart(() => import('../media/text-slider.view.tsx'));

export function TestimonialsSection() {
  const { testimonials } = useSiteContent();
  return (
    <section id={SECTION.testimonials} className="section testimonials" aria-labelledby={titleIdOf(SECTION.testimonials)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.testimonials)} eyebrow={testimonials.eyebrow} heading={testimonials.heading} />
        <Suspense fallback={null}>
          <TextSlider slides={testimonials.items} label={testimonials.heading} controls={testimonials.controls} />
        </Suspense>
      </div>
    </section>
  );
}
