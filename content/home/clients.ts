// The home page's "clients" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const clients: Home['clients'] = {
  eyebrow: 'Our clients',
  heading: 'Trusted across South Africa',
  intro: 'Shopping centres, banks, transport networks and retailers from Cape Town to Polokwane run their screens on Lumina displays.',
  // Names of their own, so they are not taken for the testimonials slider's buttons.
  carousel: {
    label: 'Client logos',
    play: 'Start automatic logo rotation',
    pause: 'Stop automatic logo rotation',
    previous: 'Previous logo',
    next: 'Next logo',
    first: 'Go to the first logo',
    last: 'Go to the last logo',
    goTo: 'Go to logo %s',
    page: 'Go to page %s',
    select: 'Select a logo to show',
  },
  items: [
    { name: 'Karoo Sun Energy', logo: 'karoo-sun' },
    { name: 'Umoya Bank', logo: 'umoya-bank' },
    { name: 'Table Bay Freight', logo: 'table-bay-freight' },
    { name: 'Highveld Minerals', logo: 'highveld-minerals' },
    { name: 'Drakensberg Water', logo: 'drakensberg-water' },
    { name: 'Indlovu Retail', logo: 'indlovu-retail' },
    { name: 'Fynbos Foods', logo: 'fynbos-foods' },
    { name: 'Baobab Telecom', logo: 'baobab-telecom' },
    { name: 'Jacaranda Health', logo: 'jacaranda-health' },
    { name: 'Kwela Transit', logo: 'kwela-transit' },
  ],
};
