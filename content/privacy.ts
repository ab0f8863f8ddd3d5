// The privacy notice (/privacy/) and the accessibility statement (/accessibility/): the
// responsible party's Information Officer and the text of both pages. How long each kind of record
// is kept is not written here: the page shows the numbers the site was built with
// (README, "Privacy").
import type { Privacy } from './structs/privacy.struct.ts';

const officerEmail = 'privacy@luminadisplay.co.za';

export const privacy: Privacy = {
  informationOfficer: {
    name: 'Thandiwe Mokoena',
    role: 'Information Officer, Lumina Display Engineering (Pty) Ltd',
    address: 'Building 3, Crestway Business Park, 45 New Road, Halfway House, Midrand, 1685, South Africa',
    email: officerEmail,
  },
  notice: {
    heading: 'Privacy notice',
    intro: [
      'Lumina Display Engineering (Pty) Ltd is the responsible party, under the Protection of Personal Information Act (POPIA), for the personal information this website collects. This notice says what we collect, why, who else receives it, how long we keep it and what you can ask of us.',
    ],
    parts: [
      {
        heading: 'The contact form on the page',
        paragraphs: [
          'When you send an enquiry we keep what you typed: your name, e-mail address, phone number and company if you give them, the subject you chose, your message and a drawing or brief if you attach one, with the time it arrived. We use it to answer your enquiry; the enquiry itself is the lawful basis. You tick a box to agree before it is sent.',
        ],
        items: [],
      },
      {
        heading: 'The “Contact us” panel at the side of the page',
        paragraphs: [
          'The short form in the side panel keeps your name, e-mail address, phone number if you give it and your message, to answer you, on the same basis as the contact form.',
        ],
        items: [],
      },
      {
        heading: 'The Lumina Brief newsletter',
        paragraphs: [
          'When you subscribe we keep your e-mail address, your name and a mobile number if you give them, and a record of your consent: the exact wording you agreed to, when, and when you confirmed or withdrew it. Your consent is the lawful basis; every issue has a link to unsubscribe.',
          'Unsubscribing stops the mail but keeps the consent history, as proof that the address once agreed and then withdrew. To have that erased too, write to the Information Officer.',
        ],
        items: [],
      },
      {
        heading: 'What the site keeps without a form',
        paragraphs: [],
        items: [
          'Which links visitors follow and how often (counted per link, not per person). The count is not taken when your browser sends Global Privacy Control or Do Not Track.',
          'Your internet address only as a keyed hash, to limit how often a form can be sent, never the address itself.',
          'A short-lived cookie with a random value that protects the forms against forged submissions.',
          'Your choice of a light or dark theme, if you make one, in your browser’s own storage; it never leaves your device.',
          'Staff who sign in to the site’s console get a session cookie; visitors get none.',
        ],
      },
      {
        heading: 'Who else receives your information',
        paragraphs: [
          'Some of these services are run from outside South Africa. We use them only where the law of that country, or our agreement with the provider, protects your information as POPIA does (section 72).',
        ],
        items: [
          'Our mail provider, which delivers our replies and the messages from the forms.',
          'Brevo (in the European Union), which sends The Lumina Brief to subscribers.',
          'Google reCAPTCHA (United States), which checks that a form is sent by a person; it loads when you start filling in a form.',
          'Google Maps (United States), when you choose to show the map of our offices.',
          'YouTube (United States), when you choose to play one of our videos.',
        ],
      },
    ],
    retentionHeading: 'How long we keep it',
    retentionIntro: 'Records are deleted automatically once they are older than these periods:',
    retentionLabels: {
      submissions: 'Messages from the contact forms, with their files',
      uploads: 'Files attached to a message (deleted sooner than the message)',
      spam: 'Messages held as spam',
      deliveredMailBodies: 'The copy of a mail kept until it is delivered (the message itself stays)',
      unconfirmedSignUps: 'Newsletter sign-ups never confirmed',
      clicks: 'Link-follow counts, and links nobody followed',
    },
    retentionOther: [
      'A subscriber’s consent history is kept as proof for as long as the subscriber is on our list, and erased with it on request.',
      'The console’s audit log (which staff member did what, never the content of a message) and the accounts of staff who sign in are kept while the console is in use.',
    ],
    after: [
      {
        heading: 'Your rights and how to use them',
        paragraphs: [
          `You may ask to see the personal information we hold about you, to have it corrected or deleted, and object to our use of it. Write to our Information Officer at ${officerEmail}; we answer within 30 days.`,
        ],
        items: [],
      },
      {
        heading: 'Complaints',
        paragraphs: [
          'If you are not satisfied with our answer you may complain to the Information Regulator (South Africa), JD House, 27 Stiemens Street, Braamfontein, Johannesburg, 2001; POPIAComplaints@inforegulator.org.za; https://inforegulator.org.za.',
        ],
        items: [],
      },
    ],
  },
  accessibility: {
    heading: 'Accessibility statement',
    intro: [
      'We want everyone to be able to use this website. It aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.',
    ],
    parts: [
      {
        heading: 'How we test it',
        paragraphs: [],
        items: [
          'Automated checks with axe in real browser tests of every page.',
          'Model-based tests that walk every path of every interactive part and check what a visitor sees at each step.',
          'Lighthouse audits of accessibility and performance.',
          'Using every page with the keyboard alone, and at a width of 375 pixels.',
        ],
      },
      {
        heading: 'Known limits',
        paragraphs: [],
        items: [
          'The Google reCAPTCHA badge and its challenge are made by Google; we cannot change how they work with assistive technology.',
          'The Google Maps map is made by Google; the office addresses and directions links beside it give the same information as text.',
          'The YouTube player is made by Google; each video has a title and description on our page.',
        ],
      },
      {
        heading: 'Report a barrier',
        paragraphs: [
          `If something on this site is hard or impossible for you to use, tell us at ${officerEmail} and say which page and what happened. We reply within five working days.`,
        ],
        items: [],
      },
    ],
  },
};
