// The newsletter's invitation. The sign-up form arrives with its machine in a later issue;
// until then (and for visitors who prefer it) an e-mail link does the same job.
import { company, home } from '../../../content/index.ts';
import { mailtoHref } from './parts/contact-links.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';

export function NewsletterSection() {
  const { newsletter } = home;
  return (
    <section id="newsletter" className="section newsletter" aria-labelledby="newsletter-title">
      <div className="container newsletter__panel">
        <div className="newsletter__text">
          <SectionHeading id="newsletter-title" eyebrow={newsletter.eyebrow} heading={newsletter.heading} intro={newsletter.intro} />
          <ul className="tick-list">
            {newsletter.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
        <div className="newsletter__signup">
          <a className="button button--primary" href={mailtoHref(company.email, newsletter.mailto.subject)}>
            {newsletter.mailto.label}
          </a>
          <p className="newsletter__privacy">{newsletter.privacyNote}</p>
        </div>
      </div>
    </section>
  );
}
