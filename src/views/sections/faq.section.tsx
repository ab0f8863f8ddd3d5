// Questions as native disclosures: they open and close without JavaScript and without state in
// the view, and every answer stays in the HTML for search engines and find-in-page.
import { home } from '../../../content/index.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';

export function FaqSection() {
  const { faq } = home;
  return (
    <section id="faq" className="section section--alt faq" aria-labelledby="faq-title">
      <div className="container container--narrow">
        <SectionHeading id="faq-title" eyebrow={faq.eyebrow} heading={faq.heading} intro={faq.intro} />
        <div className="faq-list">
          {faq.items.map((item) => (
            <details key={item.id} id={`faq-${item.id}`} className="faq-item">
              <summary className="faq-item__question">{item.question}</summary>
              <div className="faq-item__answer">
                {item.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
