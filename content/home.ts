// The home page's copy, section by section, in the order the page shows them.
// Client names are descriptions, not real organisations: the company and its work are fictional.
import type { Home } from './structs/home.struct.ts';

export const home: Home = {
  hero: {
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
  },

  about: {
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
  },

  services: {
    eyebrow: 'What we do',
    heading: 'Display solutions from concept to maintenance',
    intro:
      'Pick one service or hand us the whole project. Either way, the people who design your display are the ones who install it and look after it.',
    items: [
      {
        id: 'led-video-walls',
        title: 'LED video walls',
        summary:
          'Seamless indoor walls for lobbies, auditoriums, studios and retail, sized to the room and the distance people will watch from.',
        icon: 'led-wall',
        points: [
          'Pixel pitches from 0.9 mm to 3.9 mm',
          'Front-serviceable cabinets for walls against walls',
          'Factory calibration for even colour and brightness',
          'Flicker-free refresh rates for broadcast cameras',
        ],
      },
      {
        id: 'digital-signage',
        title: 'Digital signage',
        summary:
          'Screens, media players and a content platform for retail windows, menu boards, wayfinding and internal communication.',
        icon: 'signage',
        points: [
          'One schedule for one screen or a thousand',
          'High-brightness window displays readable in direct sun',
          'Content templates your team can update in minutes',
        ],
      },
      {
        id: 'indoor-outdoor-displays',
        title: 'Indoor and outdoor displays',
        summary:
          'Weatherproof billboards, stadium perimeter boards and facade screens built for Highveld hail and coastal air.',
        icon: 'outdoor',
        points: [
          'IP65 cabinets with corrosion-protected frames',
          'Automatic brightness for day and night',
          'Double-sided and curved builds on request',
        ],
      },
      {
        id: 'control-rooms',
        title: 'Control rooms',
        summary:
          'Video walls, controllers and operator consoles for security, traffic, mining and utility operations that never switch off.',
        icon: 'control-room',
        points: [
          'Narrow-bezel LCD or fine-pitch LED walls',
          'Redundant controllers and power supplies',
          'Sight-line and ergonomic studies for every seat',
        ],
      },
      {
        id: 'engineering',
        title: 'Engineering and structural design',
        summary:
          'Steel structures, mounting systems and electrical design, calculated and signed off by our own registered engineers.',
        icon: 'engineering',
        points: [
          'Wind and dead loads to SANS 10160',
          'Council and landlord approval drawings',
          'Power design with UPS and staged restarts after load-shedding',
        ],
      },
      {
        id: 'maintenance',
        title: 'Maintenance and support',
        summary:
          'Planned maintenance, remote monitoring and a support desk that knows your installation before you call.',
        icon: 'maintenance',
        points: [
          'Four-hour response in Johannesburg, Pretoria, Cape Town and Durban',
          'Spare modules held in stock for every site',
          'Annual recalibration and health reports',
        ],
      },
    ],
  },

  process: {
    eyebrow: 'How we work',
    heading: 'From first visit to years of support',
    intro: 'Every project follows the same five stages, with one project manager who stays with you from the survey to the handover and beyond.',
    tabsLabel: 'Stages of a project',
    steps: [
      {
        id: 'survey',
        label: 'Survey',
        heading: 'We measure before we quote',
        text: 'An engineer visits your site, measures the wall or structure, checks the power and data runs and looks at where your audience will stand. You get a written survey report with photos.',
        points: ['Site visit within five working days in the metros', 'Viewing distances and sight lines measured', 'Power, data and access checked'],
      },
      {
        id: 'design',
        label: 'Design',
        heading: 'A display designed for your space',
        text: 'We choose the pixel pitch, brightness and size that suit your viewers, then our registered engineers design the structure and the electrical supply and prepare drawings for approvals.',
        points: ['Pixel pitch matched to viewing distance', 'Structural design and wind loads to SANS 10160', 'Drawings for landlords and municipalities', 'A fixed quote with a delivery plan'],
      },
      {
        id: 'build',
        label: 'Build and test',
        heading: 'Assembled and tested in Midrand',
        text: 'Modules, cabinets and controllers are assembled on our own line and the whole display runs for 72 hours in our test bay before it leaves, so problems show up at our place and not at yours.',
        points: ['72-hour burn-in of every display', 'Colour calibrated module by module', 'Spare modules from the same batch'],
      },
      {
        id: 'install',
        label: 'Install',
        heading: 'Installed around your opening hours',
        text: 'Our own crews install the structure and the display, often at night or over a weekend, connect the content system and train your team before we hand over.',
        points: ['Night and weekend installations', 'Certificate of compliance for the electrical work', 'Training for your content team'],
      },
      {
        id: 'support',
        label: 'Support',
        heading: 'Looked after for years',
        text: 'A service agreement adds remote monitoring, scheduled maintenance and a response time you can plan with. Our support desk answers in person, around the clock.',
        points: ['Remote monitoring that reports faults before you notice them', 'Four-hour response in the metros', 'Warranty extended to five years'],
      },
    ],
  },

  projects: {
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
  },

  clients: {
    eyebrow: 'Our clients',
    heading: 'Trusted across South Africa',
    intro: 'Shopping centres, banks, transport networks and retailers from Cape Town to Polokwane run their screens on Lumina displays.',
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
  },
  gallery: {
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
  },

  counters: {
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
  },

  testimonials: {
    eyebrow: 'Client stories',
    heading: 'What our clients say',
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
  },

  upcoming: {
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
  },

  faq: {
    eyebrow: 'Questions',
    heading: 'Frequently asked questions',
    intro: 'The questions we hear most often. If yours is not here, call or write to us: an engineer will answer.',
    items: [
      {
        id: 'pixel-pitch',
        question: 'Which pixel pitch do I need?',
        answer: [
          'Pixel pitch is the distance between pixels in millimetres. As a rule of thumb, the closest comfortable viewing distance in metres is about the pitch in millimetres: a 2.5 mm wall looks smooth from about 2.5 metres away.',
          'A finer pitch costs more, so we match it to where your audience actually stands. Come and compare pitches side by side in our Midrand showroom.',
        ],
      },
      {
        id: 'led-or-lcd',
        question: 'Should I choose an LED wall or an LCD video wall?',
        answer: [
          'LED walls have no seams, are brighter and can be any size or shape, which suits lobbies, stages and outdoor sites. LCD video walls cost less per square metre at close viewing distances and suit control rooms where operators sit a metre or two away.',
        ],
      },
      {
        id: 'structural-approvals',
        question: 'Do you handle the structure and the approvals?',
        answer: [
          'Yes. Our registered engineers design the support structure, calculate wind and dead loads to SANS 10160 and prepare the drawings for your landlord, the municipality or outdoor advertising by-laws. We also do the electrical design and certificate of compliance.',
        ],
      },
      {
        id: 'lead-time',
        question: 'How long does a project take?',
        answer: [
          'A typical indoor LED wall takes six to ten weeks from order to handover, mostly for manufacturing and shipping of the modules. Outdoor billboards that need municipal approval usually take three to six months.',
        ],
      },
      {
        id: 'load-shedding',
        question: 'What happens during load-shedding?',
        answer: [
          'We design the power for it. Controllers and media players run on UPS, and walls restart in stages when power returns so that the inrush current does not trip your supply. Where needed, we size a battery or generator backup for the whole display.',
        ],
      },
      {
        id: 'outside-gauteng',
        question: 'Do you install and maintain outside Gauteng?',
        answer: [
          'Yes. Besides our Midrand head office we have branches in Cape Town and Durban, and our crews travel to all nine provinces and neighbouring SADC countries. Service agreements include travel to your site.',
        ],
      },
      {
        id: 'warranty',
        question: 'What warranty do you give?',
        answer: [
          'LED modules, power supplies and controllers carry a three-year warranty, which a service agreement extends to five years. Workmanship on structures and installation is guaranteed for five years.',
        ],
      },
    ],
  },

  newsletter: {
    eyebrow: 'Newsletter',
    heading: 'The Lumina Brief',
    intro:
      'Once a quarter we send a short e-mail with one project case study, one piece of display technology explained without jargon, and invitations to our showroom open days.',
    points: ['Case studies with real numbers', 'New display technology, explained', 'Showroom open days in Midrand and Cape Town'],
    mailto: { label: 'Subscribe by e-mail', subject: 'Please subscribe me to The Lumina Brief' },
    privacyNote:
      'We keep your address only to send the newsletter, never share it, and process it in line with POPIA. Every issue has a one-click unsubscribe link.',
  },

  contact: {
    eyebrow: 'Contact',
    heading: 'Talk to an engineer',
    intro:
      'Tell us where the display will go, how far away people will stand and what it has to show. We reply within one working day with first ideas and a budget range.',
    officesHeading: 'Our offices',
    hoursHeading: 'Business hours',
    callLabel: 'Call',
    emailLabel: 'E-mail',
    supportHeading: 'Already a client?',
    supportText: 'For faults and service requests, contact the support desk directly:',
  },

  map: {
    eyebrow: 'Find us',
    heading: 'Visit the showroom',
    intro:
      'See fine-pitch LED, outdoor cabinets and control-room walls side by side at our Midrand head office. Call ahead and an engineer will take you through them.',
    linkLabel: 'Open in Google Maps',
    directions: [
      {
        officeId: 'midrand',
        text: 'Take the New Road exit from the N1 and turn towards Halfway House; Crestway Business Park is on your left after 1.2 km. Visitor parking is in front of Building 3.',
      },
      {
        officeId: 'cape-town',
        text: 'From the N7, take the Montague Drive exit; Montague Park is on the right after the second traffic circle.',
      },
      {
        officeId: 'durban',
        text: 'From the N2, take the Riverhorse Road exit and follow the signs to Riverhorse Valley Business Estate; we are at the end of Riverhorse Close.',
      },
    ],
    image: {
      key: 'map-illustration',
      alt: 'An illustrated street map of Midrand with a pin marking the Lumina head office',
    },
  },

  footer: {
    blurb:
      'Lumina Display Engineering designs, builds, installs and maintains LED video walls, digital signage and control-room displays for clients across Southern Africa.',
    menuHeading: 'Explore',
    contactHeading: 'Get in touch',
    socialHeading: 'Follow us',
    legalHeading: 'Company details',
    rightsNote: 'All rights reserved.',
  },
};
