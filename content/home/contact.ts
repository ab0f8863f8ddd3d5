// The home page's "contact" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const contact: Home['contact'] = {
  eyebrow: 'Contact',
  heading: 'Talk to an engineer',
  intro:
    'Tell us where the display will go, how far away people will stand and what it has to show. We reply within one working day with first ideas and a budget range.',
  officesHeading: 'Our offices',
  hoursHeading: 'Business hours',
  callLabel: 'Call',
  emailLabel: 'E-mail',
  supportHeading: 'Already a client?',
  supportText: 'For faults and service requests, contact the support desk directly:',
};
