// The newsletter's invitation and the sign-up form (Brevo form 1). The form is a lazy chunk,
// prerendered into the page like the contact form; it needs the page's script (it fetches a
// nonce), so without JavaScript the e-mail link does the same job.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { mailtoHref } from './parts/contact-links.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

// Styles come with the first stylesheet (site.css imports newsletter.css), so the prerendered
// form is styled at first paint; the chunk hydrates it after first paint.
const HomeNewsletterForm = lazyPart(() => import('../newsletter/newsletter-home-form.view.tsx'));

export function NewsletterSection() {
  const { company, newsletter } = useSiteContent();
  return (
    <section id={SECTION.newsletter} className="section newsletter" aria-labelledby={titleIdOf(SECTION.newsletter)}>
      <div className="container newsletter__panel">
        <div className="newsletter__text">
          <SectionHeading id={titleIdOf(SECTION.newsletter)} eyebrow={newsletter.eyebrow} heading={newsletter.heading} intro={newsletter.intro} />
          <ul className="tick-list">
            {newsletter.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
        <div className="newsletter__signup">
          <Suspense fallback={null}>
            <HomeNewsletterForm />
          </Suspense>
          <noscript>
            <p className="newsletter__noscript">
              <a className="button button--primary" href={mailtoHref(company.email, newsletter.mailto.subject)}>
                {newsletter.mailto.label}
              </a>
            </p>
          </noscript>
          <p className="newsletter__privacy">{newsletter.privacyNote}</p>
        </div>
      </div>
    </section>
  );
}
