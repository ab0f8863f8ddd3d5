// Questions as disclosure blocks: a click (or Enter/Space) on a question opens or closes its
// answer. The blocks are a lazy chunk: the prerender writes their full HTML with every answer
// open (readable without JavaScript; closed from first paint when scripts run, see faq.css), and
// the chunk hydrates them after first paint.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

const FaqList = lazyPart(() => import('../theme/faq-item.view.tsx').then((module) => ({ default: module.FaqList })));

export function FaqSection() {
  const { faq } = useSiteContent();
  return (
    <section id={SECTION.faq} className="section section--alt faq" aria-labelledby={titleIdOf(SECTION.faq)}>
      <div className="container container--narrow">
        <SectionHeading id={titleIdOf(SECTION.faq)} eyebrow={faq.eyebrow} heading={faq.heading} intro={faq.intro} />
        <Suspense fallback={null}>
          <FaqList items={faq.items} />
        </Suspense>
        <p className="faq__ask">
          {faq.askLink.lead}{' '}
          {/* The plugin's trigger class: with scripts the click opens the contact panel. */}
          <a className="ncf_trigger_element" href={faq.askLink.href}>
            {faq.askLink.label}
          </a>
        </p>
      </div>
    </section>
  );
}
