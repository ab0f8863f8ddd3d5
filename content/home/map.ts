// The home page's "map" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const map: Home['map'] = {
  eyebrow: 'Find us',
  heading: 'Visit the showroom',
  intro:
    'See fine-pitch LED, outdoor cabinets and control-room walls side by side at our Midrand head office. Call ahead and an engineer will take you through them.',
  linkLabel: 'Open in Google Maps',
  directions: [
    {
      officeId: 'midrand',
      text: 'Take the New Road exit from the N1 and turn towards Halfway House; Crestway Business Park is on your left after 1.2 km. Visitor parking is in front of Building 3.',
    },
    {
      officeId: 'cape-town',
      text: 'From the N7, take the Montague Drive exit; Montague Park is on the right after the second traffic circle.',
    },
    {
      officeId: 'durban',
      text: 'From the N2, take the Riverhorse Road exit and follow the signs to Riverhorse Valley Business Estate; we are at the end of Riverhorse Close.',
    },
  ],
  image: {
    key: 'map-illustration',
    alt: 'An illustrated street map of Midrand with a pin marking the Lumina head office',
  },
};
