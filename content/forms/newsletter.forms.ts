// The newsletter sign-up forms, by Brevo form id (sib_form_id). The home page's newsletter
// section shows form 1; the footer shows the short form 2. Both join subscribers to Brevo-style
// lists and keep the plugin's notices, so a visitor sees the same answers as on the old site.
import type { NewsletterForm } from '../structs/newsletter-form.struct.ts';

const messages: NewsletterForm['messages'] = {
  success: 'Thank you for subscribing. Check your inbox: we have sent you a link to confirm your address.',
  failure: 'Something went wrong and you are not subscribed yet. Please try again in a few minutes.',
  alreadyExist: 'You are already subscribed to The Lumina Brief with this e-mail address.',
  invalid: 'Enter an e-mail address (and, if you add one, a mobile number) in the correct format.',
  required: 'Fill in the required fields and tick the consent box.',
  invalidEmail: 'Enter an e-mail address in the correct format, like name@example.co.za',
  invalidSms: 'Enter a mobile number that starts with + and the country code, like +27 82 555 0123',
  captchaEmpty: 'We could not check that you are a person. Reload the page and try again.',
  captchaFail: 'We could not check that you are a person. Please try again.',
  listRequired: 'Choose at least one topic you would like to hear about.',
};

const consent = {
  label:
    'I agree that Lumina Displays may send me The Lumina Brief by e-mail (and by SMS if I give a number). I can unsubscribe at any time. Privacy notice: /privacy/',
  required: true,
} as const;

const doubleOptIn: NewsletterForm['doubleOptIn'] = {
  subject: 'Confirm your subscription to The Lumina Brief',
  body: [
    'Hello,',
    '',
    'Someone, hopefully you, asked to receive The Lumina Brief at this address.',
    'Confirm your subscription by opening this link:',
    '',
    '[confirm-link]',
    '',
    'If you did not ask for it, ignore this e-mail and nothing more will be sent.',
    'To stop receiving The Lumina Brief: [unsubscribe-link]',
    'Unsubscribing keeps a record of your consent and its withdrawal, as proof. To have everything erased, write to our Information Officer at privacy@luminadisplay.co.za (https://www.luminadisplay.co.za/privacy/).',
    '',
    'Lumina Displays',
  ].join('\n'),
  confirmedPath: '/newsletter/confirmed/',
};

export const homeNewsletterForm: NewsletterForm = {
  id: 1,
  slug: 'home-newsletter',
  title: 'Subscribe to The Lumina Brief',
  action: '/newsletter/subscribe/',
  submitLabel: 'Subscribe',
  emailLabel: 'E-mail address',
  attributes: [{ type: 'text', name: 'FIRSTNAME', label: 'First name (optional)', required: false, maxLength: 60, autocomplete: 'given-name' }],
  dates: [{ type: 'date', name: 'PROJECT_DATE', label: 'When does your next display project start? (optional)', required: false, format: 'dd-mm-yyyy', hint: 'As dd-mm-yyyy' }],
  sms: {
    type: 'sms',
    name: 'SMS',
    label: 'Mobile number for event reminders (optional)',
    required: false,
    defaultPrefix: '+27',
    hint: 'Pick the country code, then type the number',
    prefixLabel: 'Country code',
  },
  lists: [
    { id: 2, label: 'Project case studies' },
    { id: 3, label: 'Display technology explained' },
    { id: 4, label: 'Showroom open days and events' },
  ],
  choice: { legend: 'What would you like to hear about?', required: true },
  consent,
  // Long enough for South African city domains (.joburg, .capetown, .durban).
  emailTldMaxLength: 8,
  recaptcha: true,
  doubleOptIn,
  messages,
};

export const footerNewsletterForm: NewsletterForm = {
  id: 2,
  slug: 'footer-newsletter',
  title: 'Get The Lumina Brief',
  action: '/newsletter/subscribe/',
  submitLabel: 'Sign up',
  emailLabel: 'E-mail address',
  attributes: [],
  dates: [],
  lists: [{ id: 2, label: 'Project case studies' }],
  consent,
  emailTldMaxLength: 8,
  recaptcha: true,
  doubleOptIn,
  messages,
};

export const newsletterForms: readonly NewsletterForm[] = [homeNewsletterForm, footerNewsletterForm];

export function findNewsletterForm(id: number): NewsletterForm | undefined {
  return newsletterForms.find((form) => form.id === id);
}
