import { array, boolean, enums, integer, nonempty, object, optional, pattern, refine, size, string, type Infer } from 'superstruct';
import { isCalendarDate } from './calendar-date.ts';
import { ImageRef, Link, SiteHref, Text } from './common.struct.ts';

const Slug = pattern(string(), /^[a-z0-9-]+$/);

/** What every section opens with: a short label above the heading, the heading, an optional intro. */
const sectionHead = {
  eyebrow: Text,
  heading: Text,
};

/** A slide of the hero slider after the first (the first is the hero itself). */
const HeroSlide = object({
  /** Names the slide for the slide picker and the pictures' key in React. */
  image: ImageRef,
  heading: Text,
  text: Text,
  action: Link,
});

const Hero = object({
  ...sectionHead,
  lead: Text,
  primaryAction: Link,
  secondaryAction: Link,
  highlights: size(array(Text), 2, 4),
  image: ImageRef,
  /**
   * The slider's other slides: with the hero itself, three to five. Keep each one's text
   * shorter than the hero's own, so no slide makes the first screen taller.
   */
  slides: size(array(HeroSlide), 2, 4),
  /**
   * What the slider and its controls are called (Splide's words and the pause button). Named
   * apart from the testimonials slider's controls: two "Next slide" buttons on one page would be
   * two different things with one name.
   */
  slider: object({
    label: Text,
    play: Text,
    pause: Text,
    previous: Text,
    next: Text,
    goTo: pattern(string(), /%s/),
    select: Text,
  }),
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

/** A project's card in the grid; its id is its page's slug (/projects/{id}/). */
export const ProjectCardStruct = object({
  id: Slug,
  name: Text,
  clientType: Text,
  city: Text,
  year: size(integer(), 1990, 2030),
  category: Slug,
  summary: Text,
  image: ImageRef,
});
export type ProjectCard = Infer<typeof ProjectCardStruct>;

const Projects = object({
  ...sectionHead,
  intro: Text,
  /** The filter groups projects by these; every project names one. */
  categories: nonempty(array(object({ id: Slug, label: Text }))),
  /** The filter's words: its group's name, the "All" choice, the count it announces. */
  filter: object({
    label: Text,
    all: Text,
    /** `%shown` of `%total`; `one` when a single project is shown. */
    shown: pattern(string(), /%shown.*%total/),
    one: pattern(string(), /%total/),
  }),
  /** The project popup's words (its content comes from the project's page). */
  popup: object({
    close: Text,
    loading: Text,
    error: Text,
    openPage: Text,
  }),
  items: nonempty(array(ProjectCardStruct)),
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

/** What the rotating logos' controls say to screen readers (`%s` stands for a number). */
const CarouselWords = object({
  /** The carousel's accessible name. */
  label: Text,
  play: Text,
  pause: Text,
  previous: Text,
  next: Text,
  first: Text,
  last: Text,
  goTo: pattern(string(), /%s/),
  page: pattern(string(), /%s/),
  select: Text,
});

/** What the testimonials slider's buttons are called. */
const SliderWords = object({ play: Text, pause: Text, previous: Text, next: Text });

const Clients = object({
  ...sectionHead,
  intro: Text,
  /** Names of their own, so they are not taken for the testimonials slider's buttons. */
  carousel: CarouselWords,
  /** 8 to 10 logos: enough for the carousel to loop at five a row, few enough to load at once. */
  items: size(array(object({ name: Text, logo: enums(clientLogoKeys) })), 8, 10),
});

const Gallery = object({
  ...sectionHead,
  intro: Text,
  items: nonempty(array(object({ image: ImageRef, caption: Text }))),
  /** The lightbox's words: `counter` with %1$s (the picture's number) and %2$s (how many). */
  lightbox: object({
    label: Text,
    close: Text,
    previous: Text,
    next: Text,
    counter: Text,
    imageFailed: Text,
  }),
});

/**
 * A film on the video service (YouTube, embedded from its privacy-enhanced host): its id there,
 * its title (the player frame's title and the play button's name), its 480 x 360 poster kept
 * in content, and whether it plays in place or in a popup (popups only from 700 px wide).
 */
const Video = object({
  key: Slug,
  youtubeId: pattern(string(), /^[A-Za-z0-9_-]{11}$/),
  title: Text,
  poster: ImageRef,
  caption: Text,
  display: enums(['in-place', 'popup']),
});

const Videos = object({
  ...sectionHead,
  intro: Text,
  items: nonempty(array(Video)),
  /** `play` with %s for the film's title ("Play: %s"); `close` names the popup's close button. */
  words: object({ play: Text, close: Text }),
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
  controls: SliderWords,
  items: nonempty(array(object({ quote: Text, name: Text, role: Text, organisation: Text }))),
});

/** How a project runs, shown as tabs (one per stage) that all read as a list without scripts. */
const Process = object({
  ...sectionHead,
  intro: Text,
  /** Names the tab list for screen readers ("Stages of a project"). */
  tabsLabel: Text,
  steps: size(
    array(object({ id: Slug, label: Text, heading: Text, text: Text, points: size(array(Text), 2, 4) })),
    2,
    8,
  ),
});

/**
 * A moment in South Africa's time: "2026-12-05T09:00:00+02:00". The offset is written out (and
 * must be +02:00, Africa/Johannesburg has no daylight saving) so the date means the same
 * instant on the build server, in every browser and to a reader of this file.
 */
const SouthAfricanDateTime = refine(string(), 'SouthAfricanDateTime', (value) => {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)\+02:00$/.exec(value);
  if (!match || !isCalendarDate(match[1] ?? '')) {
    return `Expected a date and time with the South African offset like "2026-12-05T09:00:00+02:00", but received: "${value}"`;
  }
  return true;
});

/** What is coming (a panel whose arrows step through the items) and a countdown to an event. */
const Upcoming = object({
  ...sectionHead,
  intro: Text,
  comingSoon: object({
    heading: Text,
    /** Accessible names of the arrow buttons ("Previous item", "Next item"). */
    previousLabel: Text,
    nextLabel: Text,
    items: size(array(object({ id: Slug, kind: Text, title: Text, text: Text, when: Text })), 2, 8),
  }),
  countdown: object({
    heading: Text,
    /** The event counted down to and where it happens. */
    eventName: Text,
    place: Text,
    startsAt: SouthAfricanDateTime,
    units: object({ days: Text, hours: Text, minutes: Text, seconds: Text }),
    /** Shown instead of the countdown once the moment has passed. */
    finishedText: Text,
  }),
});

const Faq = object({
  ...sectionHead,
  intro: Text,
  items: nonempty(array(object({ id: Slug, question: Text, answer: nonempty(array(Text)) }))),
  /**
   * Under the questions: a link that opens the slide-in contact panel (it carries the plugin's
   * `ncf_trigger_element` class); without scripts it leads to the page's contact form.
   */
  askLink: object({ lead: Text, label: Text, href: SiteHref }),
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

/**
 * A location of the interactive map, by Maplace.js's fields; `lat` and `lon` are its office's
 * (content/documents/company.json). Missing: `title` is `#n`, markers are `visible` and `on_menu`.
 */
const MapLocation = object({
  officeId: Slug,
  /** The menu's text. */
  title: optional(Text),
  /** The info window's HTML: `%index` is the location's 1-based position, `%title` its title. */
  html: optional(Text),
  /** Applied when the location is shown. */
  zoom: optional(size(integer(), 1, 21)),
  /** The marker's icon, a site path (drawn 32 × 32, anchored at its centre). */
  image: optional(pattern(string(), /^\/[\w./-]+\.(svg|png)$/)),
  visible: optional(boolean()),
  on_menu: optional(boolean()),
  /** For directions: whether the route stops here (a middle location). */
  stopover: optional(boolean()),
  /** Drawn as a circle of 100 m around its point (missing: as the map's `type` says). */
  circle: optional(boolean()),
});

const MapSection = object({
  ...sectionHead,
  intro: Text,
  /** Label of the Google Maps link, completed with the office's name. */
  linkLabel: Text,
  /** Label of the Google Maps driving-directions link, completed with the office's name. */
  directionsLinkLabel: Text,
  directions: nonempty(array(object({ officeId: Slug, text: Text }))),
  image: ImageRef,
  /** The interactive map (Maplace.js's options), drawn when GOOGLE_MAPS_API_KEY is set. */
  interactive: object({
    /** 0: View All (the bounds of every visible location); 1..n: that location. */
    start: size(integer(), 0, 50),
    /** Maplace's `type`: `circle` draws every location as a 100 m circle with its marker. */
    type: optional(enums(['marker', 'circle'])),
    /** A dropdown (select) or a list menu of the locations. */
    controls: enums(['dropdown', 'list']),
    /** With the map's own controls, or beside the map. */
    controlsOn: enums(['map', 'beside']),
    locations: nonempty(array(MapLocation)),
    words: object({
      mapLabel: Text,
      menuLabel: Text,
      viewAll: Text,
      /** The route buttons' names; their visible text (short, on the map) must be part of them. */
      showRoute: Text,
      routeFromHere: Text,
      showRouteText: Text,
      routeFromHereText: Text,
      /** `%s`: kilometres, one decimal. */
      distance: pattern(string(), /%s/),
      /** `%s`: the routing service's status. */
      routeFailed: pattern(string(), /%s/),
      locationRefused: Text,
      /** `%s`: why (a bad key, offline, over quota). */
      loadFailed: pattern(string(), /%s/),
      /** The button over the illustration that loads Google Maps (MAP_LOAD=click), and the line under it saying what that sends to Google. */
      showMap: Text,
      showMapNote: Text,
      /** Said while the Maps API loads. */
      loading: Text,
    }),
  }),
});

const Footer = object({
  blurb: Text,
  menuHeading: Text,
  contactHeading: Text,
  socialHeading: Text,
  legalHeading: Text,
  rightsNote: Text,
  /** Labels of the links to /privacy/ and /accessibility/ on every page. */
  privacyLink: Text,
  accessibilityLink: Text,
});

export const HomeStruct = object({
  hero: Hero,
  about: About,
  services: Services,
  process: Process,
  projects: Projects,
  clients: Clients,
  gallery: Gallery,
  videos: Videos,
  counters: Counters,
  testimonials: Testimonials,
  upcoming: Upcoming,
  faq: Faq,
  newsletter: Newsletter,
  contact: Contact,
  map: MapSection,
  footer: Footer,
});

export type Home = Infer<typeof HomeStruct>;
