// The home page below its first screen: every section after the hero, in the order of the
// main menu. It is one chunk loaded right after the first script, so the copy and code of these
// sections are not in the initial JavaScript. The prerender waits for it (the HTML holds every
// section); in the browser React keeps that HTML until the chunk arrives, then hydrates it.
import { AboutSection } from '../sections/about.section.tsx';
import { ServicesSection } from '../sections/services.section.tsx';
import { ProcessSection } from '../sections/process.section.tsx';
import { ProjectsSection } from '../sections/projects.section.tsx';
import { ClientsSection } from '../sections/clients.section.tsx';
import { GallerySection } from '../sections/gallery.section.tsx';
import { VideosSection } from '../sections/videos.section.tsx';
import { CountersSection } from '../sections/counters.section.tsx';
import { TestimonialsSection } from '../sections/testimonials.section.tsx';
import { UpcomingSection } from '../sections/upcoming.section.tsx';
import { FaqSection } from '../sections/faq.section.tsx';
import { NewsletterSection } from '../sections/newsletter.section.tsx';
import { ContactSection } from '../sections/contact.section.tsx';
import { MapSection } from '../sections/map.section.tsx';

export default function HomeSections() {
  return (
    <>
      <AboutSection />
      <ServicesSection />
      <ProcessSection />
      <ProjectsSection />
      <ClientsSection />
      <GallerySection />
      <VideosSection />
      <CountersSection />
      <TestimonialsSection />
      <UpcomingSection />
      <FaqSection />
      <NewsletterSection />
      <ContactSection />
      <MapSection />
    </>
  );
}
