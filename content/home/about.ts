// The home page's "about" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const about: Home['about'] = {
  eyebrow: 'About us',
  heading: 'Engineers first, screen sellers second',
  paragraphs: [
    'Lumina started in 2009 as three electrical engineers fixing billboards that other suppliers had left behind. We learnt early that a display is only as good as the steel it hangs on, the power that feeds it and the people who answer the phone when it fails.',
    'Today a team of 38 engineers, technicians and project managers takes a display from the first sketch to its tenth year of service. We choose panels from manufacturers we have audited, assemble and burn them in at our Midrand facility, and install them with our own crews, never subcontracted.',
    'Whether it is a single menu board or a 240-metre stadium perimeter, you deal with one company that answers for all of it.',
  ],
  points: [
    {
      title: 'Designed for the site',
      text: 'Wind, sun, hail, coastal salt and load-shedding are part of the brief, not surprises after handover.',
    },
    {
      title: 'Tested before it leaves',
      text: 'Every wall is built, calibrated and run for 72 hours in our factory before it is packed.',
    },
    {
      title: 'Supported for its whole life',
      text: 'Spare modules stay in stock for each installation, and monitored sites alert us before you notice a fault.',
    },
  ],
  image: {
    key: 'about-factory',
    alt: 'LED cabinets being fitted into a steel frame on the assembly floor, some lit and some still dark',
  },
};
