import { contactForm, type FormDefinition } from '../../support/site-content.ts';
import { cf7DefaultMessages } from '../../../content/forms/default-messages.ts';

/*
 * Forms for the server tests: the site's own contact form (id 5) and a form with every field
 * type the site's forms do not use (quiz, image captcha, checkbox with free text, radio,
 * inverted and optional acceptance, number, a small file field).
 */

export const everyFieldForm: FormDefinition = {
  id: 42,
  slug: 'every-field',
  title: 'Every field',
  locale: 'en_ZA',
  submitLabel: 'Send',
  recaptcha: false,
  messages: { ...cf7DefaultMessages },
  mail: { subject: '[topic] enquiry from [name]', replyTo: 'email' },
  fields: [
    { type: 'text', name: 'name', label: 'Name', required: true, maxLength: 40 },
    { type: 'email', name: 'email', label: 'Email', required: true },
    { type: 'number', name: 'screens', label: 'Screens', min: 1, max: 50 },
    {
      type: 'checkbox',
      name: 'topic',
      label: 'Topics',
      options: [
        { value: 'Video walls', label: 'Video walls' },
        { value: 'Signage', label: 'Signage' },
        { value: 'Other', label: 'Other' },
      ],
      freeText: true,
    },
    {
      type: 'radio',
      name: 'budget',
      label: 'Budget',
      options: [
        { value: 'Small', label: 'Small' },
        { value: 'Large', label: 'Large' },
      ],
    },
    { type: 'file', name: 'drawing', label: 'Drawing', accept: ['.pdf', '.png'], maxSize: 1024 },
    {
      type: 'quiz',
      name: 'quiz',
      label: 'Quiz',
      questions: [{ question: 'What is 3 + 4?', answers: ['7', 'seven'] }],
    },
    { type: 'captcha', name: 'captcha', label: 'Code', length: 4 },
    { type: 'acceptance', name: 'terms', label: 'Terms', text: 'I accept the terms.', required: true },
    { type: 'acceptance', name: 'no-marketing', label: 'No marketing', text: 'Do not send me marketing.', invert: true },
    { type: 'acceptance', name: 'newsletter', label: 'Newsletter', text: 'Send me the newsletter.', optional: true },
  ],
};

export const testForms: readonly FormDefinition[] = [contactForm, everyFieldForm];

/** A valid submission of the site's contact form (id 5), as its browser form posts it. */
export function validContactFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    _wpcf7: '5',
    _wpcf7_version: '6.0',
    _wpcf7_locale: 'en_ZA',
    _wpcf7_unit_tag: 'wpcf7-f5-p2-o1',
    _wpcf7_container_post: '2',
    _wpcf7_posted_data_hash: '',
    _wpcf7_recaptcha_response: '',
    _wpcf7_hp_website: '',
    'your-name': 'Thandi Nkosi',
    'your-email': 'thandi@example.co.za',
    'your-phone': '082 123 4567',
    'your-company': 'Nkosi Retail',
    'your-subject': 'LED video walls',
    'your-message': 'We need a 4 x 2 m LED wall for our Sandton store by March.',
    'your-consent': '1',
    ...overrides,
  };
}
