// The page's contact form (CF7 form 5) with its heading: the contact section's lazy chunk. The
// form definition travels in this chunk too, not in the first script.
import { contactForm } from '../../../content/forms/index.ts';
import { ContactFormView } from './contact-form.view.tsx';

export default function PageContactForm() {
  return (
    <>
      <h3 className="contact__subheading">{contactForm.title}</h3>
      <ContactFormView form={contactForm} />
    </>
  );
}
