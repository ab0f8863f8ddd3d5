// The footer's short newsletter form (Brevo form 2: e-mail and consent), a lazy chunk.
import { footerNewsletterForm } from '../../../content/forms/newsletter.forms.ts';
import { NewsletterFormView } from './newsletter-form.view.tsx';

export default function FooterNewsletterForm() {
  return (
    <>
      <h2 id="footer-newsletter-title" className="site-footer__heading">
        {footerNewsletterForm.title}
      </h2>
      <NewsletterFormView form={footerNewsletterForm} headingId="footer-newsletter-title" summaryHeadingLevel={3} />
    </>
  );
}
