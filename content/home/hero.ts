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
  slides: [
    {
      image: { key: 'project-control-room', alt: 'Operators at their desks in front of a wall of video screens in a traffic control room' },
      heading: 'Control rooms that never go dark',
      text: 'Seamless video walls with redundant controllers for traffic, utility and security operations, running around the clock.',
      action: { label: 'See our control rooms', href: '/#projects' },
    },
    {
      image: { key: 'project-stadium', alt: 'A giant LED screen above the stands of a floodlit stadium' },
      heading: 'Stadium screens seen from every seat',
      text: 'High-brightness LED for sport and live events, engineered for wind, rain and the Highveld sun.',
      action: { label: 'Talk to an engineer', href: '/#contact' },
    },
    {
      image: { key: 'project-highway-billboard', alt: 'A digital billboard beside a highway at dusk' },
      heading: 'Roadside billboards, installed and maintained',
      text: 'Structures designed by our own engineers, with remote monitoring and a four-hour response in the metros.',
      action: { label: 'Our services', href: '/#services' },
    },
  ],
  slider: {
    // Named apart from the testimonials slider's controls: two "Next slide" buttons on one page
    // would be two different things with one name.
    label: 'Showcase: what we build',
    play: 'Start the showcase',
    pause: 'Stop the showcase',
    previous: 'Previous showcase slide',
    next: 'Next showcase slide',
    goTo: 'Go to showcase slide %s',
    select: 'Choose a showcase slide',
  },
};
