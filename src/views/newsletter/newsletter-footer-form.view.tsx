// The footer's short newsletter form (Brevo form 2: e-mail and consent), a lazy chunk.
import { FOOTER_NEWSLETTER_FORM_ID } from '../../../content/forms/index.ts';
import { useSiteContent } from '../shared/site-content.tsx';
import { newsletterFormOf } from './newsletter-form-of.ts';
import { NewsletterFormView } from './newsletter-form.view.tsx';

export default function FooterNewsletterForm() {
  const footerNewsletterForm = newsletterFormOf(useSiteContent().newsletterForms, FOOTER_NEWSLETTER_FORM_ID);
  return (
    <>
      <h2 id="footer-newsletter-title" className="site-footer__heading">
        {footerNewsletterForm.title}
      </h2>
      <NewsletterFormView form={footerNewsletterForm} headingId="footer-newsletter-title" summaryHeadingLevel={3} />
    </>
  );
}
