// The home page's "upcoming" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const upcoming: Home['upcoming'] = {
  eyebrow: 'Coming soon',
  heading: 'What is next at Lumina',
  intro: 'New products, services and places to see our displays. Come to the next showroom open day and see them working.',
  comingSoon: {
    heading: 'Coming soon',
    previousLabel: 'Previous item',
    nextLabel: 'Next item',
    items: [
      {
        id: 'transparent-led',
        kind: 'Product',
        title: 'Transparent LED film',
        text: 'A display that sticks to shop windows and keeps them see-through: bright enough for daylight, invisible from a distance when it is off.',
        when: 'From January 2027',
      },
      {
        id: 'solar-billboard',
        kind: 'Service',
        title: 'Solar-backed billboards',
        text: 'Outdoor LED billboards with panels and batteries sized to run through load-shedding, designed and maintained by us.',
        when: 'From February 2027',
      },
      {
        id: 'gqeberha-branch',
        kind: 'Opening',
        title: 'A branch in Gqeberha',
        text: 'A sales office and service crew for the Eastern Cape, so installations and repairs there no longer wait for a team from Durban or Cape Town.',
        when: 'March 2027',
      },
      {
        id: 'rental-studio',
        kind: 'Service',
        title: 'A rental studio for events',
        text: 'LED walls for conferences, launches and concerts, rented by the day with our crew to set them up and run them.',
        when: 'Mid 2027',
      },
    ],
  },
  countdown: {
    heading: 'Next showroom open day',
    eventName: 'Showroom open day',
    place: 'Lumina showroom, Midrand',
    startsAt: '2026-12-05T09:00:00+02:00',
    units: { days: 'days', hours: 'hours', minutes: 'minutes', seconds: 'seconds' },
    finishedText: 'Our last open day has taken place. The next date follows soon: subscribe to The Lumina Brief to hear first.',
  },
};
