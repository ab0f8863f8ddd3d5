// The home page's "process" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const process: Home['process'] = {
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
};
