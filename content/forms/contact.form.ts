// The page contact form (CF7 id 5): the site's reason to exist. Field names are Contact Form
// 7's conventional ones, so submissions look the same to anything that read the old site's.
import type { FormDefinition } from '../structs/form.struct.ts';
import { cf7DefaultMessages } from './default-messages.ts';

export const contactForm: FormDefinition = {
  id: 5,
  slug: 'contact',
  title: 'Send us a message',
  locale: 'en_ZA',
  submitLabel: 'Send message',
  notices: {
    sending: 'Sending your message…',
    consentMissing: 'Tick the consent box above to send your message.',
  },
  recaptcha: true,
  // After a sent message: a thank-you popup, then (once it is closed) the thank-you page.
  actions: [
    {
      type: 'popup',
      template: 'thank-you-popup',
      title: 'Message received',
      text: 'Thank you. An engineer will reply within one working day; in the meantime the next page has a few things worth knowing.',
      closeLabel: 'Close',
    },
    { type: 'redirect', url: '/thank-you/', delay: 2, open: 'redirect' },
  ],
  messages: {
    ...cf7DefaultMessages,
    mail_sent_ok: 'Thank you for your message. An engineer will reply within one working day.',
    validation_error: 'There is a problem with your message. Correct the errors shown beside the fields, then send it again.',
  },
  mail: {
    subject: 'Website enquiry: [your-subject] from [your-name]',
    replyTo: 'your-email',
  },
  fields: [
    {
      type: 'text',
      name: 'your-name',
      label: 'Full name',
      required: true,
      minLength: 2,
      maxLength: 40,
      autocomplete: 'name',
      messages: {
        invalid_required: 'Enter your full name',
        invalid_too_short: 'Full name must be 2 characters or more',
        invalid_too_long: 'Full name must be 40 characters or fewer',
      },
    },
    {
      type: 'email',
      name: 'your-email',
      label: 'Email address',
      hint: 'We only use this to reply to your message.',
      required: true,
      maxLength: 254,
      autocomplete: 'email',
      messages: {
        invalid_required: 'Enter your email address',
        invalid_email: 'Enter an email address in the correct format, like name@example.co.za',
        invalid_too_long: 'Email address must be 254 characters or fewer',
      },
    },
    {
      type: 'tel',
      name: 'your-phone',
      label: 'Phone number (optional)',
      hint: 'For example, 082 123 4567 or +27 11 568 4100.',
      maxLength: 25,
      autocomplete: 'tel',
      messages: {
        invalid_tel: 'Enter a phone number, like 082 123 4567 or +27 11 568 4100',
        invalid_too_long: 'Phone number must be 25 characters or fewer',
      },
    },
    {
      type: 'text',
      name: 'your-company',
      label: 'Company (optional)',
      maxLength: 80,
      autocomplete: 'organization',
      messages: { invalid_too_long: 'Company must be 80 characters or fewer' },
    },
    {
      type: 'select',
      name: 'your-subject',
      label: 'What can we help with?',
      required: true,
      includeBlank: 'Choose a service',
      options: [
        { value: 'LED video walls', label: 'LED video walls' },
        { value: 'Digital signage', label: 'Digital signage' },
        { value: 'Indoor and outdoor displays', label: 'Indoor and outdoor displays' },
        { value: 'Control rooms', label: 'Control rooms' },
        { value: 'Engineering and structural design', label: 'Engineering and structural design' },
        { value: 'Maintenance and support', label: 'Maintenance and support' },
        { value: 'Something else', label: 'Something else' },
      ],
      messages: {
        invalid_required: 'Choose what we can help with',
        invalid_option: 'Choose one of the listed services',
      },
    },
    {
      type: 'textarea',
      name: 'your-message',
      label: 'Your message',
      hint: 'Tell us about the site, the size of display you have in mind and your timeline.',
      required: true,
      minLength: 10,
      maxLength: 2000,
      counter: true,
      messages: {
        invalid_required: 'Enter your message',
        invalid_too_short: 'Message must be 10 characters or more',
        invalid_too_long: 'Message must be 2000 characters or fewer',
      },
    },
    {
      type: 'file',
      name: 'your-file',
      label: 'Drawing or brief (optional)',
      hint: 'PDF, JPG or PNG, up to 5 MB.',
      accept: ['.pdf', '.jpg', '.jpeg', '.png'],
      maxSize: 5 * 1024 * 1024,
      messages: {
        upload_file_type_invalid: 'The selected file must be a PDF, JPG or PNG',
        upload_file_too_large: 'The selected file must be smaller than 5 MB',
        upload_over_budget: 'We cannot take more files from you today; send the message without it, or e-mail it',
      },
    },
    {
      type: 'acceptance',
      name: 'your-consent',
      label: 'Consent to be contacted',
      text:
        'I agree that Lumina Display Engineering may store my details and contact me about this enquiry, as described in its privacy notice at /privacy/ (POPIA).',
      required: true,
      messages: { accept_terms: 'Tick the box to agree that we may contact you about your enquiry' },
    },
  ],
};
