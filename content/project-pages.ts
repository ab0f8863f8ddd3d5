// The project pages (/projects/{id}/): the full story, the pictures and the before/after
// comparison of each project on the home page's grid (content/home/projects.ts has its name,
// facts and summary). Only the project pages' chunk carries this file: the home page's popup
// loads a project from its page when a visitor opens it.
import type { ProjectPages } from './structs/project-pages.struct.ts';

export const projectPages: ProjectPages = {
  words: {
    back: 'Back to all projects',
    facts: 'Project facts',
    client: 'Client',
    city: 'City',
    year: 'Year',
    category: 'Category',
    storyHeading: 'The story',
    galleryHeading: 'Pictures',
    beforeAfterHeading: 'Before and after',
    before: 'Before',
    after: 'After',
    divider: 'Divider between the before and after pictures',
    dividerValue: '%before% before, %after% after',
  },
  projects: {
    'riverside-atrium': {
      title: 'Riverside Crossing atrium LED wall, Pretoria | Lumina',
      description:
        'A 48 m² LED wall around a Pretoria shopping centre atrium, on a steel sub-frame that needed no new columns, installed over four nights of trading.',
      story: [
        'Riverside Crossing wanted its atrium to be the place shoppers meet, and the plain glass balustrade of the first floor was the one surface every visitor sees. The brief: a screen bright enough for a sunlit atrium, fine enough to read from the escalators, and no closure of the centre.',
        'We surveyed the balustrade with a laser scanner and designed a steel sub-frame that hangs from the existing slab edge, so no new columns reach the ground floor. Our engineer certified the loads; the centre’s structural consultant signed them off in a week.',
        'The 2.5 mm pitch cabinets went up over four nights between closing and opening, behind a dust screen, with every cabinet calibrated on site. The wall now runs the centre’s own campaigns and paid advertising, and its maintenance is in our service plan.',
      ],
      gallery: [
        { key: 'project-mall-atrium-detail', alt: 'A close view of the atrium LED wall showing a sunset over the sea, the first-floor shopfronts below it' },
      ],
      beforeAfter: {
        before: { key: 'project-mall-atrium-before', alt: 'The atrium before the work: a plain glass balustrade on the first floor, shoppers on the ground floor' },
        after: { key: 'project-mall-atrium', alt: 'The atrium after the work: a wide LED wall showing a sunset along the first-floor balustrade' },
        caption: 'The first-floor balustrade, before the work and after it.',
      },
    },
    'n1-gateway-billboard': {
      title: 'N1 gateway LED billboard, Midrand | Lumina',
      description:
        'A double-sided 36 m² LED billboard beside the N1 in Midrand: hail-rated cabinets, automatic night dimming and remote monitoring of every module.',
      story: [
        'An outdoor media owner wanted a digital face at the N1’s busiest gateway into Midrand, where the old printed billboard was changed by hand every month.',
        'We kept the existing foundation and column after testing them, and replaced the head frame with a double-sided one carrying hail-rated outdoor cabinets. A light sensor dims the faces after dark, within the limits the municipality set.',
        'Every module reports its temperature and state to our monitoring service, and a fault raises a ticket before a viewer notices it.',
      ],
      gallery: [{ key: 'project-highway-billboard-detail', alt: 'The billboard’s face close up, its LED pixels visible, above the dusk skyline' }],
    },
    'metro-traffic-centre': {
      title: 'Metro traffic management centre video wall | Lumina',
      description:
        'An 18-screen narrow-bezel video wall with redundant controllers and six operator consoles for a Cape Town traffic centre, cut over in one weekend.',
      story: [
        'The roads agency’s traffic management centre runs every hour of the year; its old projection cubes had reached the end of their life and spare parts were no longer made.',
        'We built the new 18-screen wall and its two controllers in our workshop first, tested it for a week, and moved it to Cape Town ready to mount. The cut-over took one weekend, with the old wall running until the new one took the feeds.',
        'Six ergonomic consoles replaced the old desks. Operators chose the layouts of the wall themselves, and we trained every shift before handing over.',
      ],
      gallery: [{ key: 'project-control-room-detail', alt: 'Part of the video wall close up: traffic camera feeds and charts in a grid of narrow-bezel screens' }],
    },
    'pharmacy-network': {
      title: 'Pharmacy window display network, KwaZulu-Natal | Lumina',
      description:
        'High-brightness window displays and price boards in 64 pharmacies across KwaZulu-Natal, scheduled from one content platform.',
      story: [
        'A national pharmacy group wanted its KwaZulu-Natal stores to show the same promotions on the same day, without posters printed and couriered to 64 shops.',
        'We fitted high-brightness portrait displays in the windows, readable in direct sun, and price boards above the counters, all fed by one content platform the marketing team schedules from Durban.',
        'A rollout team of four finished two stores a day, outside trading hours, and each store’s manager was shown how to report a fault from a phone.',
      ],
      gallery: [{ key: 'project-retail-signage-detail', alt: 'Two portrait window displays close up, each showing a colourful promotion' }],
    },
    'stadium-perimeter': {
      title: 'Stadium perimeter LED boards, Bloemfontein | Lumina',
      description:
        '240 metres of perimeter LED boards around a Bloemfontein pitch, with soft-edge covers, camera-friendly refresh rates and an operator on match days.',
      story: [
        'A stadium that hosts both rugby and football needed perimeter boards that broadcasters would accept and players could fall onto safely.',
        'The 240 metres of boards have soft-edge covers and refresh rates chosen so that television cameras show no flicker. They fold back in sections for concerts.',
        'A Lumina operator runs the boards at every match, playing the sponsors’ rotation in time with the broadcast’s breaks.',
      ],
      gallery: [{ key: 'project-stadium-detail', alt: 'The lit perimeter boards close up at the edge of the pitch, the crowd behind them' }],
    },
    'rooftop-structure': {
      title: 'Rooftop LED sign structure, Gqeberha | Lumina',
      description:
        'Structural design and certification of a 14-metre rooftop LED sign on an existing Gqeberha warehouse: new steel on old trusses, designed for the wind.',
      story: [
        'A logistics company wanted its name seen from the freeway, and the only place high enough was the roof of its own warehouse, built in the 1980s.',
        'Our engineers checked the old trusses, designed a steel lattice that spreads the sign’s weight and wind load over them, and certified the structure for Gqeberha’s winds. The sign itself was supplied by the client.',
        'The steel was fabricated in sections small enough to be lifted by the client’s own crane, and bolted together on the roof in three days.',
      ],
      gallery: [{ key: 'project-rooftop-structure-detail', alt: 'The steel lattice under the sign close up, with diagonal bracing above the corrugated roof' }],
      beforeAfter: {
        before: { key: 'project-rooftop-structure-before', alt: 'The warehouse roof before the work: bare corrugated sheeting under a blue sky' },
        after: { key: 'project-rooftop-structure', alt: 'The roof after the work: a steel lattice on the roof carrying a wide LED sign' },
        caption: 'The warehouse roof, before the work and after it.',
      },
    },
  },
};
