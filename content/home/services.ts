// The home page's "services" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const services: Home['services'] = {
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
};
