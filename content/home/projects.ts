// The home page's "projects" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const projects: Home['projects'] = {
  eyebrow: 'Selected projects',
  heading: 'Work you may already have walked past',
  intro:
    'A few recent installations, from a single atrium wall to national signage networks. Ask us for a visit to one near you.',
  categories: [
    { id: 'led-video-wall', label: 'LED video wall' },
    { id: 'outdoor-display', label: 'Outdoor display' },
    { id: 'control-room', label: 'Control room' },
    { id: 'digital-signage', label: 'Digital signage' },
    { id: 'engineering', label: 'Engineering' },
  ],
  filter: {
    label: 'Show projects by category',
    all: 'All',
    shown: 'Showing %shown of %total projects',
    one: 'Showing 1 of %total projects',
  },
  popup: {
    close: 'Close',
    loading: 'Loading the project…',
    error: 'The content could not be loaded.',
    openPage: 'Open the project’s page',
  },
  items: [
    {
      id: 'riverside-atrium',
      name: 'Riverside Crossing atrium wall',
      clientType: 'Regional shopping centre',
      city: 'Pretoria',
      year: 2024,
      category: 'led-video-wall',
      summary:
        'A 48 m², 2.5 mm pitch wall wrapped around the atrium balustrade, carried by a steel sub-frame that needed no new columns. Installed over four nights while the centre traded.',
      image: {
        key: 'project-mall-atrium',
        alt: 'A wide LED wall showing a sunset gradient above a shopping centre atrium with shoppers below',
      },
    },
    {
      id: 'n1-gateway-billboard',
      name: 'N1 gateway billboard',
      clientType: 'Outdoor media owner',
      city: 'Midrand',
      year: 2023,
      category: 'outdoor-display',
      summary:
        'A double-sided outdoor billboard of 36 m² per face beside the N1, with hail-rated cabinets, automatic dimming at night and remote monitoring of every module.',
      image: {
        key: 'project-highway-billboard',
        alt: 'A bright roadside LED billboard on a steel column at dusk, with car light trails below',
      },
    },
    {
      id: 'metro-traffic-centre',
      name: 'Metro traffic management centre',
      clientType: 'Municipal roads agency',
      city: 'Cape Town',
      year: 2024,
      category: 'control-room',
      summary:
        'An 18-screen narrow-bezel video wall with redundant controllers and six operator consoles, cut over in a weekend without interrupting a shift.',
      image: {
        key: 'project-control-room',
        alt: 'Operators at curved desks facing a large video wall of traffic camera feeds and maps',
      },
    },
    {
      id: 'pharmacy-network',
      name: 'Pharmacy window network',
      clientType: 'National retail pharmacy group',
      city: 'Durban',
      year: 2023,
      category: 'digital-signage',
      summary:
        'High-brightness window displays and in-store price boards in 64 stores across KwaZulu-Natal, all scheduled from one content platform.',
      image: {
        key: 'project-retail-signage',
        alt: 'A row of tall portrait digital signage screens in a shop window showing colourful promotions',
      },
    },
    {
      id: 'stadium-perimeter',
      name: 'Stadium perimeter boards',
      clientType: 'Rugby and football stadium',
      city: 'Bloemfontein',
      year: 2022,
      category: 'outdoor-display',
      summary:
        '240 metres of perimeter LED with soft-edge covers, camera-friendly refresh rates and a Lumina operator on site for every match day.',
      image: {
        key: 'project-stadium',
        alt: 'A floodlit stadium at night with a continuous ribbon of LED advertising boards around the pitch',
      },
    },
    {
      id: 'rooftop-structure',
      name: 'Rooftop sign structure',
      clientType: 'Logistics company',
      city: 'Gqeberha',
      year: 2022,
      category: 'engineering',
      summary:
        'Structural design and certification of a 14-metre rooftop LED sign on an existing warehouse: new steel on old trusses, designed for the windy city.',
      image: {
        key: 'project-rooftop-structure',
        alt: 'A steel lattice frame on a warehouse roof holding a large LED sign against a blue sky',
      },
    },
  ],
};
