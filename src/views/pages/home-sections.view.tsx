// The home page below its first screen: every section after the hero, in the order of the
// main menu. It is one chunk loaded right after the first script, so the copy and code of these
// sections are not in the initial JavaScript. The prerender waits for it (the HTML holds every
// section); in the browser React keeps that HTML until the chunk arrives, and then each section
// until the visitor is about to meet it (DeferredSection): loading the page mounts none of them
// at once, and a phone that shows only the first screen runs only what is near it.
import { SECTION } from '../../../content/section-ids.ts';
import { DeferredSection } from '../theme/deferred-section.view.tsx';
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
      <DeferredSection sectionId={SECTION.about}>
        <AboutSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.services}>
        <ServicesSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.process}>
        <ProcessSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.projects}>
        <ProjectsSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.clients}>
        <ClientsSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.gallery}>
        <GallerySection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.videos}>
        <VideosSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.counters}>
        <CountersSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.testimonials}>
        <TestimonialsSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.upcoming}>
        <UpcomingSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.faq}>
        <FaqSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.newsletter}>
        <NewsletterSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.contact}>
        <ContactSection />
      </DeferredSection>
      <DeferredSection sectionId={SECTION.map}>
        <MapSection />
      </DeferredSection>
    </>
  );
}
