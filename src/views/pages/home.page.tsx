// The home page: its sections in the order of the main menu. The header and the footer are
// the app shell's, shared by every page.
import { AboutSection } from '../sections/about.section.tsx';
import { ClientsSection } from '../sections/clients.section.tsx';
import { ContactSection } from '../sections/contact.section.tsx';
import { CountersSection } from '../sections/counters.section.tsx';
import { FaqSection } from '../sections/faq.section.tsx';
import { GallerySection } from '../sections/gallery.section.tsx';
import { HeroSection } from '../sections/hero.section.tsx';
import { MapSection } from '../sections/map.section.tsx';
import { NewsletterSection } from '../sections/newsletter.section.tsx';
import { ProcessSection } from '../sections/process.section.tsx';
import { ProjectsSection } from '../sections/projects.section.tsx';
import { ServicesSection } from '../sections/services.section.tsx';
import { TestimonialsSection } from '../sections/testimonials.section.tsx';
import { UpcomingSection } from '../sections/upcoming.section.tsx';

export function HomePage() {
  return (
    <>
      <HeroSection />
      <AboutSection />
      <ServicesSection />
      <ProcessSection />
      <ProjectsSection />
      <ClientsSection />
      <GallerySection />
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
