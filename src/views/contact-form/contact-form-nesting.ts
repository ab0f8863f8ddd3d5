// Whether a contact form is being rendered inside another contact form's container: Contact Form 7
// refuses to render a form there ("Error: This contact form is placed in the wrong place.").
import { createContext } from 'react';

export const InsideContactForm = createContext(false);
