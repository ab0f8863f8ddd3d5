// The home page's "testimonials" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const testimonials: Home['testimonials'] = {
  eyebrow: 'Client stories',
  heading: 'What our clients say',
  controls: {
    play: 'Start automatic slide show',
    pause: 'Stop automatic slide show',
    previous: 'Previous slide',
    next: 'Next slide',
  },
  items: [
    {
      quote:
        'They found a way to hang 48 square metres of LED off a balustrade we thought could carry nothing. The wall went up over four nights and not one store had to close.',
      name: 'Thandi Mokoena',
      role: 'Centre Manager',
      organisation: 'Regional shopping centre, Pretoria',
    },
    {
      quote:
        'Our operators work 24 hours a day. The new video wall was cut over in one weekend, and in a year of operation we have not lost a screen during a shift.',
      name: 'Pieter van der Merwe',
      role: 'Operations Manager',
      organisation: 'Metro traffic management centre, Cape Town',
    },
    {
      quote:
        'Sixty-four stores, one schedule. Prices change in every window before the doors open, and the support desk knows each store by name.',
      name: 'Ayesha Naidoo',
      role: 'Head of Marketing',
      organisation: 'Retail pharmacy group, Durban',
    },
    {
      quote:
        'Our billboard takes hail in summer and wind all year. Lumina’s monitoring calls us about a fault before we have noticed it.',
      name: 'Sipho Dlamini',
      role: 'Managing Director',
      organisation: 'Outdoor media owner, Johannesburg',
    },
  ],
};
