// The home page's "hero" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const hero: Home['hero'] = {
  eyebrow: 'Visual display specialists since 2009',
  heading: 'LED walls and digital signage, engineered to last',
  lead:
    'We design, build, install and maintain LED video walls, digital signage and control-room displays across South Africa, with our own structural engineers, our own assembly line in Midrand and support teams in three cities.',
  primaryAction: { label: 'Request a quote', href: '/#contact' },
  secondaryAction: { label: 'See our projects', href: '/#projects' },
  highlights: [
    'Structural design by ECSA-registered engineers',
    'Installations in all nine provinces',
    'Round-the-clock support, four-hour response in the metros',
  ],
  image: {
    key: 'hero-led-wall',
    alt: 'A curved LED video wall glowing in blue and magenta above a dark auditorium stage',
  },
};
