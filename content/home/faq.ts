// The home page's "faq" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const faq: Home['faq'] = {
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
  askLink: { lead: 'Is your question not here?', label: 'Ask us in a message', href: '/#contact' },
};
