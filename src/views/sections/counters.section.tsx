// Key figures that count up and capability bars that fill as they come near the viewport. The
// animated figures are a lazy chunk (see counters-figures.view.tsx); the prerendered HTML shows
// the final numbers and full bars, so the section reads completely without JavaScript.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

const CountersFigures = lazyPart(() => import('../theme/counters-figures.view.tsx'));

export function CountersSection() {
  const { counters } = useSiteContent();
  return (
    <section id={SECTION.counters} className="section section--dark counters" aria-labelledby={titleIdOf(SECTION.counters)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.counters)} eyebrow={counters.eyebrow} heading={counters.heading} />
        <Suspense fallback={null}>
          <CountersFigures />
        </Suspense>
      </div>
    </section>
  );
}
