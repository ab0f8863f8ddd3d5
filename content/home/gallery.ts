// The home page's "gallery" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const gallery: Home['gallery'] = {
  eyebrow: 'Gallery',
  heading: 'Up close with our installations',
  intro: 'Details from the factory floor, the install crews and finished sites around the country.',
  items: [
    {
      image: { key: 'gallery-pixel-macro', alt: 'Close-up of red, green and blue LED pixels on a display module' },
      caption: 'A 1.5 mm pitch module up close: each pixel is three diodes, red, green and blue.',
    },
    {
      image: {
        key: 'gallery-curved-wall',
        alt: 'A concave LED wall in a corporate lobby showing flowing teal and violet waves',
      },
      caption: 'A concave fine-pitch wall in a Sandton lobby, built from 96 cabinets.',
    },
    {
      image: {
        key: 'gallery-rear-service',
        alt: 'The back of an LED wall with rows of cabinets, cables and power supplies behind a service walkway',
      },
      caption: 'Behind the wall: a service walkway with labelled power and data for every cabinet.',
    },
    {
      image: { key: 'gallery-menu-boards', alt: 'Three landscape menu board screens above a quick-service restaurant counter' },
      caption: 'Menu boards that switch from breakfast to lunch on their own at 11:00.',
    },
    {
      image: {
        key: 'gallery-transparent-led',
        alt: 'A transparent LED screen in a boutique window, with the shop interior visible through it',
      },
      caption: 'Transparent LED in a Cape Town boutique window: bright outside, see-through inside.',
    },
    {
      image: { key: 'gallery-night-billboard', alt: 'A roadside LED billboard glowing at night under a starry sky' },
      caption: 'Automatic dimming keeps roadside screens bright by day and comfortable at night.',
    },
    {
      image: {
        key: 'gallery-rigging',
        alt: 'Installers on a scissor lift fixing LED cabinets to a steel structure at dusk',
      },
      caption: 'Night-shift installation: most of our retail work happens after closing time.',
    },
    {
      image: {
        key: 'gallery-broadcast-studio',
        alt: 'A television studio set with a presenter desk in front of a large LED backdrop',
      },
      caption: 'A broadcast studio backdrop tuned to look flicker-free on camera.',
    },
  ],
  lightbox: {
    label: 'Gallery: picture viewer',
    close: 'Close the picture viewer',
    previous: 'Previous picture',
    next: 'Next picture',
    counter: '%1$s of %2$s',
    imageFailed: 'The image could not be loaded.',
  },
};
