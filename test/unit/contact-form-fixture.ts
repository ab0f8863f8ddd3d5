// A form with every field type the definition format supports, for the view and machine tests:
// no reCAPTCHA and no redirect (the page form has both), a quiz and an image captcha (which the
// page form has not), so together the two forms reach every path of the contactForm machine.
import { cf7DefaultMessages } from '../../content/forms/default-messages.ts';
import type { FormDefinition } from '../support/site-content.ts';

export const everyFieldForm: FormDefinition = {
  id: 42,
  slug: 'every-field',
  title: 'Every field',
  locale: 'en_ZA',
  submitLabel: 'Send',
  recaptcha: false,
  messages: cf7DefaultMessages,
  mail: { subject: 'Test [your-name]', replyTo: 'your-email' },
  fields: [
    { type: 'text', name: 'your-name', label: 'Name', required: true, minLength: 2, maxLength: 40 },
    { type: 'email', name: 'your-email', label: 'Email', required: true },
    { type: 'tel', name: 'your-phone', label: 'Phone' },
    { type: 'url', name: 'your-website', label: 'Website' },
    { type: 'number', name: 'your-budget', label: 'Budget', min: 1, max: 100, step: 1 },
    { type: 'date', name: 'your-date', label: 'Date', min: '2024-01-01' },
    { type: 'time', name: 'your-time', label: 'Time' },
    { type: 'textarea', name: 'your-message', label: 'Message', minLength: 5, maxLength: 20, counter: true },
    {
      type: 'select',
      name: 'your-services',
      label: 'Services',
      multiple: true,
      options: [
        { value: 'led', label: 'LED walls' },
        { value: 'signage', label: 'Signage' },
      ],
    },
    {
      type: 'checkbox',
      name: 'your-topics',
      label: 'Topics',
      freeText: true,
      options: [
        { value: 'Price', label: 'Price' },
        { value: 'Other', label: 'Other' },
      ],
    },
    {
      type: 'checkbox',
      name: 'your-contact-time',
      label: 'Best time to call',
      exclusive: true,
      options: [
        { value: 'Morning', label: 'Morning' },
        { value: 'Afternoon', label: 'Afternoon' },
      ],
    },
    {
      type: 'radio',
      name: 'your-size',
      label: 'Size',
      freeText: true,
      options: [
        { value: 'Small', label: 'Small' },
        { value: 'Other size', label: 'Other size' },
      ],
    },
    { type: 'acceptance', name: 'no-marketing', label: 'Marketing', text: 'Do not send me marketing', invert: true },
    { type: 'acceptance', name: 'newsletter-ok', label: 'Newsletter', text: 'Send me the newsletter', optional: true },
    { type: 'quiz', name: 'quiz-math', label: 'Quick question', questions: [{ question: '1 + 1 = ?', answers: ['2', 'two'] }] },
    { type: 'captcha', name: 'captcha-1', label: 'Code' },
    { type: 'file', name: 'your-file', label: 'Drawing', accept: ['.pdf', 'image/png'], maxSize: 1000 },
  ],
};
