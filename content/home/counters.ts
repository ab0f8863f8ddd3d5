// The home page's "counters" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const counters: Home['counters'] = {
  eyebrow: 'In numbers',
  heading: 'Lighting up South Africa since 2009',
  items: [
    { value: 640, suffix: '+', label: 'projects delivered' },
    { value: 9400, suffix: ' m²', label: 'of LED installed' },
    { value: 38, label: 'engineers and technicians' },
    { value: 4, suffix: ' h', label: 'support response in the metros' },
  ],
  capabilities: {
    heading: 'What we do in-house',
    items: [
      { label: 'LED wall design and engineering', percent: 95 },
      { label: 'Structural steel and rigging', percent: 85 },
      { label: 'Content management software', percent: 80 },
      { label: 'On-site maintenance and repair', percent: 90 },
    ],
  },
};
