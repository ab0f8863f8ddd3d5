// The scroll-reveal engine, in its own lazy chunk with gsap and ScrollTrigger. It only touches
// elements that are still BELOW the viewport when it starts: those get their from-state (faded
// and moved down a little, opacity and transform only, so nothing around them moves) and are
// revealed once as they scroll in. Everything already on screen or above stays as it is, and
// nothing is ever hidden before this code runs, so the page reads fully without scripts.
import { gsap } from 'gsap';
import { ScrollTrigger } from 'gsap/ScrollTrigger';
import type { RevealEngine } from './scroll-reveal.service.ts';

gsap.registerPlugin(ScrollTrigger);

/**
 * What fades in: section headings and the cards and items of the home sections. Not the counters
 * and capability bars: they have their own motion, and text that changes inside a box gsap is
 * moving is counted by Chrome as a layout shift.
 */
export const REVEAL_SELECTOR = [
  'main .section-heading',
  'main .card',
  'main .project-card',
  'main .gallery-grid__item',
  'main .about__point',
  'main .office',
].join(', ');

export const revealEngine: RevealEngine = {
  start(root, { distancePx, durationMs }) {
    // gsap.context records every tween and trigger made inside, so revert() undoes them all and
    // restores the elements' own inline styles (what @gsap/react's useGSAP does for components).
    const context = gsap.context(() => {
      const viewportBottom = window.innerHeight;
      const below = [...root.querySelectorAll<HTMLElement>(REVEAL_SELECTOR)].filter(
        (element) => element.getBoundingClientRect().top > viewportBottom,
      );
      for (const element of below) {
        gsap.from(element, {
          opacity: 0,
          y: distancePx,
          duration: durationMs / 1000,
          ease: 'power2.out',
          // `once`: revealed for good, also when a jump (a menu link) scrolls past it.
          scrollTrigger: { trigger: element, start: 'top bottom-=40', once: true },
        });
      }
    });
    return () => context.revert();
  },
};
