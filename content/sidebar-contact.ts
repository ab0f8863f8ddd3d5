// The slide-in contact panel on every page, as content/structs/sidebar-contact.struct.ts
// describes it. The options keep the WordPress plugin's names ("Ninja Kick: Contact Form").
import type { SidebarContact } from './structs/sidebar-contact.struct.ts';

export const sidebarContact: SidebarContact = {
  options: {
    sidebar_type: 'slide',
    sidebar_pos: 'right',
    theme: 'aerial',
    fade_content: 'dark',
    label: '1',
    label_top: '50%',
    label_vis: 'scroll',
    bg: 'none',
    scroll: 'custom',
    humantest: true,
    togglers: '',
    plugin_ver: '3.5.5',
  },
  labelText: 'Contact us',
  heading: 'Send us a message',
  intro: 'A question about a display, a quote or a visit to the factory? Write to us and an engineer replies within one working day.',
  privacyNote: 'We use what you send only to answer you. How long we keep it and your rights: our privacy notice at /privacy/.',
  socialHeading: 'Follow us',
  closeLabel: 'Close the contact panel',
  labels: {
    name: 'Your name',
    company: 'Your company',
    phone: 'Your phone',
    address: 'Your address',
    email: 'Your e-mail',
    subject: 'Email subject',
    message: 'Your message',
    answer: 'Answer',
  },
  texts: {
    send: 'Send',
    sending: 'Sending',
    sendMore: 'Send more',
    tryAgain: 'Try again',
    close: 'Close',
    failed: 'Something went wrong while sending your message',
    questionLoading: 'Loading the question…',
    questionFailed: 'The question could not be loaded.',
    questionRetry: 'Ask again',
  },
  forms: [
    {
      index: 1,
      emailTitle: 'Contact Form Submission',
      success: 'Your message was successfully sent!',
      redirect: '/thank-you/',
      fields: {
        company: { on: false, required: false },
        phone: { on: false, required: false },
        address: { on: false, required: false },
        subject: { on: false, required: false },
      },
    },
  ],
  defaultForm: 1,
};
