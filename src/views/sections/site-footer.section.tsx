// The footer of every page: who the company is, where to go, how to reach it, where it is on
// social networks, and the registration details a South African company publishes.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { BrandMark } from './parts/brand-mark.view.tsx';
import { mailtoHref, telHref } from './parts/contact-links.ts';
import { SocialLinks } from './parts/social-links.view.tsx';
import { SECTION } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

// The short newsletter form (Brevo form 2) is a lazy chunk, prerendered like the contact form.
const FooterNewsletterForm = lazyPart(() => import('../newsletter/newsletter-footer-form.view.tsx'));

// Fixed when the site is built (vite.config.ts), so the prerendered HTML and the hydrated page
// always print the same year; tests without the define fall back to the current year.
const year: string = import.meta.env.VITE_BUILD_YEAR ?? String(new Date().getFullYear());

export function SiteFooterSection() {
  const { company, navigation, footer } = useSiteContent();
  const headOffice = company.offices.find((office) => office.kind === 'head-office') ?? company.offices[0];
  return (
    <footer id={SECTION.footer} className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="brand brand--footer">
            <BrandMark />
            <span className="brand__text">
              <span className="brand__name">{company.shortName}</span>
              <span className="brand__tagline">Display Engineering</span>
            </span>
          </p>
          <p>{footer.blurb}</p>
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-menu-title">
          <h2 id="footer-menu-title" className="site-footer__heading">
            {footer.menuHeading}
          </h2>
          <ul className="site-footer__links">
            {navigation.footerMenu.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__column">
          <h2 className="site-footer__heading">{footer.contactHeading}</h2>
          <ul className="site-footer__links">
            <li>
              <a href={telHref(company.phone)}>{company.phone}</a>
            </li>
            <li>
              <a href={mailtoHref(company.email)}>{company.email}</a>
            </li>
            <li>
              <a href={mailtoHref(company.salesEmail)}>{company.salesEmail}</a>
            </li>
          </ul>
          {headOffice ? (
            <address className="site-footer__address">
              {headOffice.address.street}, {headOffice.address.city}, {headOffice.address.postalCode}
            </address>
          ) : null}
        </div>
        <div className="site-footer__column">
          <h2 className="site-footer__heading">{footer.socialHeading}</h2>
          <SocialLinks social={company.social} />
        </div>
        <div className="site-footer__column site-footer__newsletter">
          <Suspense fallback={null}>
            <FooterNewsletterForm />
          </Suspense>
        </div>
      </div>
      <div className="site-footer__legal">
        <div className="container site-footer__legal-inner">
          <h2 className="visually-hidden">{footer.legalHeading}</h2>
          <p>
            © {year} {company.legalName}. {footer.rightsNote}
          </p>
          <p>
            Reg. no. {company.registration.companyNumber} · VAT no. {company.registration.vatNumber} · B-BBEE Level{' '}
            {company.registration.bbbeeLevel} contributor
          </p>
          <p>{company.registration.professionalBody}</p>
          <p>
            <a href="/privacy/">{footer.privacyLink}</a> · <a href="/accessibility/">{footer.accessibilityLink}</a>
          </p>
        </div>
      </div>
    </footer>
  );
}
