// The home page: the hero, then its other sections in the order of the main menu. The header and
// the footer are the app shell's, shared by every page. Only the hero is in the first script;
// the rest is a chunk of its own (home-sections.view.tsx), prerendered in full.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { HeroSection } from '../sections/hero.section.tsx';

const HomeSections = lazyPart(() => import('./home-sections.view.tsx'));

export function HomePage() {
  return (
    <>
      <HeroSection />
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
  );
}
