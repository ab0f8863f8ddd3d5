// The home page's newsletter form (Brevo form 1) with its heading: the newsletter section's lazy
// chunk, prerendered into the page like the contact form.
import { HOME_NEWSLETTER_FORM_ID } from '../../../content/forms/index.ts';
import { useSiteContent } from '../shared/site-content.tsx';
import { newsletterFormOf } from './newsletter-form-of.ts';
import { NewsletterFormView } from './newsletter-form.view.tsx';

export default function HomeNewsletterForm() {
  const homeNewsletterForm = newsletterFormOf(useSiteContent().newsletterForms, HOME_NEWSLETTER_FORM_ID);
  return (
    <>
      <h3 id="newsletter-form-title" className="newsletter__form-title">
        {homeNewsletterForm.title}
      </h3>
      <NewsletterFormView form={homeNewsletterForm} headingId="newsletter-form-title" />
    </>
  );
}
