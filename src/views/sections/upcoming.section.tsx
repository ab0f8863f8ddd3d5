// What is coming: the coming-soon panel (arrows step through the items) beside the countdown to
// the next showroom open day. Both are lazy chunks hydrated after first paint; the prerender
// writes their full HTML (every item listed, the event's date), so the section reads without
// JavaScript.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

const ComingSoonView = lazyPart(() => import('../theme/coming-soon.view.tsx').then((module) => ({ default: module.ComingSoonView })));
const CountdownView = lazyPart(() => import('../theme/countdown.view.tsx').then((module) => ({ default: module.CountdownView })));

export function UpcomingSection() {
  const { upcoming } = useSiteContent();
  return (
    <section id={SECTION.upcoming} className="section section--dark upcoming" aria-labelledby={titleIdOf(SECTION.upcoming)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.upcoming)} eyebrow={upcoming.eyebrow} heading={upcoming.heading} intro={upcoming.intro} />
        <div className="upcoming__layout">
          <Suspense fallback={null}>
            <ComingSoonView {...upcoming.comingSoon} />
          </Suspense>
          <Suspense fallback={null}>
            <CountdownView {...upcoming.countdown} />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
