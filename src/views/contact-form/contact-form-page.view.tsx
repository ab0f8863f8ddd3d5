// The page's contact form (CF7 form 5) with its heading: the contact section's lazy chunk. The
// form definition is the page's content (the contact-form document).
import { useSiteContent } from '../shared/site-content.tsx';
import { ContactFormView } from './contact-form.view.tsx';

export default function PageContactForm() {
  const { contactForm } = useSiteContent();
  return (
    <>
      <h3 className="contact__subheading">{contactForm.title}</h3>
      <ContactFormView form={contactForm} />
    </>
  );
}
