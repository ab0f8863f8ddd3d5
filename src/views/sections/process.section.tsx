// How a project runs, as tabs: one per stage. The tabs are a lazy chunk (they are below the
// fold): the prerender writes every stage's full text, so the page reads completely without
// JavaScript (every stage listed); the chunk hydrates it after first paint and the tabs work.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

const TabsView = lazyPart(() => import('../theme/tabs.view.tsx').then((module) => ({ default: module.TabsView })));

export function ProcessSection() {
  const { process } = useSiteContent();
  return (
    <section id={SECTION.process} className="section process" aria-labelledby={titleIdOf(SECTION.process)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.process)} eyebrow={process.eyebrow} heading={process.heading} intro={process.intro} />
        <Suspense fallback={null}>
          <TabsView idPrefix="process" label={process.tabsLabel} tabs={process.steps} />
        </Suspense>
      </div>
    </section>
  );
}
