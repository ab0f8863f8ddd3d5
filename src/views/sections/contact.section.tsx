// How to reach the company: the contact form (CF7 form 5), every office with its address, phone
// and e-mail as links, the business hours and the support desk.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import type { Office } from '../../../content/index.ts';
import { mailtoHref, telHref } from './parts/contact-links.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

// The interactive form is its own chunk, loaded after first paint. The prerender waits for it,
// so the page carries the form's full HTML; in the browser React keeps that server HTML (a
// dehydrated Suspense boundary) until the chunk arrives, then hydrates it.
const PageContactForm = lazyPart(() => import('../contact-form/contact-form-page.view.tsx'));

export function OfficeAddress({ office }: { office: Office }) {
  const { address } = office;
  return (
    <>
      {address.street}
      <br />
      {address.suburb}, {address.city}
      <br />
      {address.province}, {address.postalCode}
    </>
  );
}

export function ContactSection() {
  const { company, contact } = useSiteContent();
  return (
    <section id={SECTION.contact} className="section contact" aria-labelledby={titleIdOf(SECTION.contact)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.contact)} eyebrow={contact.eyebrow} heading={contact.heading} intro={contact.intro} />
        <div className="contact__layout contact__layout--with-form">
          <div className="contact__form-area">
            <Suspense fallback={null}>
              <PageContactForm />
            </Suspense>
          </div>
          <div className="contact__offices">
            <h3 className="contact__subheading">{contact.officesHeading}</h3>
            <ul className="office-list">
              {company.offices.map((office) => (
                <li key={office.id} className="office">
                  <h4 className="office__name">{office.name}</h4>
                  <address className="office__address">
                    <OfficeAddress office={office} />
                  </address>
                  <p className="office__links">
                    <span>
                      {contact.callLabel}: <a href={telHref(office.phone)}>{office.phone}</a>
                    </span>
                    <span>
                      {contact.emailLabel}: <a href={mailtoHref(office.email)}>{office.email}</a>
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          </div>
          <div className="contact__aside">
            <div className="contact__box">
              <h3 className="contact__subheading">{contact.hoursHeading}</h3>
              <dl className="opening-hours">
                {company.hours.map((entry) => (
                  <div key={entry.days} className="opening-hours__row">
                    <dt>{entry.days}</dt>
                    <dd>{entry.hours}</dd>
                  </div>
                ))}
              </dl>
              {company.hoursNote ? <p className="contact__note">{company.hoursNote}</p> : null}
            </div>
            <div className="contact__box contact__box--support">
              <h3 className="contact__subheading">{contact.supportHeading}</h3>
              <p>{contact.supportText}</p>
              <p className="contact__support-links">
                <a className="button button--primary" href={telHref(company.supportPhone)}>
                  {contact.callLabel} {company.supportPhone}
                </a>
                <a className="button button--outline" href={mailtoHref(company.supportEmail)}>
                  {company.supportEmail}
                </a>
              </p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
