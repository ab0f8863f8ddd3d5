// The home page's copy, section by section, in the order the page shows them. Each section
// lives in its own module under content/home/ so that a section loaded after first paint
// brings its copy with it: only the hero's text is in the first script. This module puts them
// together for the build's content validation (errors name the section as the first path key).
// Client names are descriptions, not real organisations: the company and its work are fictional.
import type { Home } from './structs/home.struct.ts';
import { hero } from './home/hero.ts';
import { about } from './home/about.ts';
import { services } from './home/services.ts';
import { process } from './home/process.ts';
import { projects } from './home/projects.ts';
import { clients } from './home/clients.ts';
import { gallery } from './home/gallery.ts';
import { videos } from './home/videos.ts';
import { counters } from './home/counters.ts';
import { testimonials } from './home/testimonials.ts';
import { upcoming } from './home/upcoming.ts';
import { faq } from './home/faq.ts';
import { newsletter } from './home/newsletter.ts';
import { contact } from './home/contact.ts';
import { map } from './home/map.ts';
import { footer } from './home/footer.ts';

export const home: Home = {
  hero,
  about,
  services,
  process,
  projects,
  clients,
  gallery,
  videos,
  counters,
  testimonials,
  upcoming,
  faq,
  newsletter,
  contact,
  map,
  footer,
};
