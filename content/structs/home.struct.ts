import { array, enums, integer, nonempty, object, optional, pattern, size, string, type Infer } from 'superstruct';
import { ImageRef, Link, Text } from './common.struct.ts';

const Slug = pattern(string(), /^[a-z0-9-]+$/);

/** What every section opens with: a short label above the heading, the heading, an optional intro. */
const sectionHead = {
  eyebrow: Text,
  heading: Text,
};

const Hero = object({
  ...sectionHead,
  lead: Text,
  primaryAction: Link,
  secondaryAction: Link,
  highlights: size(array(Text), 2, 4),
  image: ImageRef,
});

const About = object({
  ...sectionHead,
  paragraphs: nonempty(array(Text)),
  points: nonempty(array(object({ title: Text, text: Text }))),
  image: ImageRef,
});

const Services = object({
  ...sectionHead,
  intro: Text,
  items: nonempty(
    array(
      object({
        id: Slug,
        title: Text,
        summary: Text,
        /** One of the inline icons the services view draws. */
        icon: enums(['led-wall', 'signage', 'outdoor', 'control-room', 'engineering', 'maintenance', 'rental']),
        points: size(array(Text), 2, 5),
      }),
    ),
  ),
});

const Projects = object({
  ...sectionHead,
  intro: Text,
  /** The filter a later issue adds groups projects by these; every project names one. */
  categories: nonempty(array(object({ id: Slug, label: Text }))),
  items: nonempty(
    array(
      object({
        id: Slug,
        name: Text,
        clientType: Text,
        city: Text,
        year: size(integer(), 1990, 2030),
        category: Slug,
        summary: Text,
        image: ImageRef,
      }),
    ),
  ),
});

/** The inline wordmarks the client logo view can draw; each client names one. */
export const clientLogoKeys = [
  'karoo-sun',
  'umoya-bank',
  'table-bay-freight',
  'highveld-minerals',
  'drakensberg-water',
  'indlovu-retail',
  'fynbos-foods',
  'baobab-telecom',
  'jacaranda-health',
  'kwela-transit',
] as const;

const Clients = object({
  ...sectionHead,
  intro: Text,
  /** 8 to 10 logos: enough for the carousel to loop at five a row, few enough to load at once. */
  items: size(array(object({ name: Text, logo: enums(clientLogoKeys) })), 8, 10),
});

const Gallery = object({
  ...sectionHead,
  intro: Text,
  items: nonempty(array(object({ image: ImageRef, caption: Text }))),
});

const Counters = object({
  ...sectionHead,
  items: size(
    array(
      object({
        /** The final number; the animation of a later issue counts up to it. */
        value: size(integer(), 0, 10_000_000),
        prefix: optional(string()),
        suffix: optional(string()),
        label: Text,
      }),
    ),
    2,
    6,
  ),
  /** What the company is good at, drawn as bars that fill to their percentage. */
  capabilities: object({
    heading: Text,
    items: size(array(object({ label: Text, percent: size(integer(), 0, 100) })), 1, 8),
  }),
});

const Testimonials = object({
  ...sectionHead,
  items: nonempty(array(object({ quote: Text, name: Text, role: Text, organisation: Text }))),
});

const Faq = object({
  ...sectionHead,
  intro: Text,
  items: nonempty(array(object({ id: Slug, question: Text, answer: nonempty(array(Text)) }))),
});

const Newsletter = object({
  ...sectionHead,
  intro: Text,
  points: nonempty(array(Text)),
  /** Until the sign-up form arrives, a visitor can ask by e-mail. */
  mailto: object({ label: Text, subject: Text }),
  privacyNote: Text,
});

const Contact = object({
  ...sectionHead,
  intro: Text,
  officesHeading: Text,
  hoursHeading: Text,
  callLabel: Text,
  emailLabel: Text,
  supportHeading: Text,
  supportText: Text,
});

const MapSection = object({
  ...sectionHead,
  intro: Text,
  /** Label of the Google Maps link, completed with the office's name. */
  linkLabel: Text,
  directions: nonempty(array(object({ officeId: Slug, text: Text }))),
  image: ImageRef,
});

const Footer = object({
  blurb: Text,
  menuHeading: Text,
  contactHeading: Text,
  socialHeading: Text,
  legalHeading: Text,
  rightsNote: Text,
});

export const HomeStruct = object({
  hero: Hero,
  about: About,
  services: Services,
  projects: Projects,
  clients: Clients,
  gallery: Gallery,
  counters: Counters,
  testimonials: Testimonials,
  faq: Faq,
  newsletter: Newsletter,
  contact: Contact,
  map: MapSection,
  footer: Footer,
});

export type Home = Infer<typeof HomeStruct>;
