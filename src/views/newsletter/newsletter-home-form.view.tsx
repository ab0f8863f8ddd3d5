// The home page's newsletter form (Brevo form 1) with its heading: the newsletter section's lazy
// chunk, prerendered into the page like the contact form.
import { homeNewsletterForm } from '../../../content/forms/newsletter.forms.ts';
import { NewsletterFormView } from './newsletter-form.view.tsx';

export default function HomeNewsletterForm() {
  return (
    <>
      <h3 id="newsletter-form-title" className="newsletter__form-title">
        {homeNewsletterForm.title}
      </h3>
      <NewsletterFormView form={homeNewsletterForm} headingId="newsletter-form-title" />
    </>
  );
}
