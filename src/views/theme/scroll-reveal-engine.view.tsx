// The scroll-reveal engine: a component that draws nothing and, while it is mounted, has gsap
// reveal the page's headings and cards. It lives in its own lazy chunk with gsap, ScrollTrigger
// and @gsap/react, loaded by the scrollReveal machine (its `loading` state) and mounted by
// scroll-reveal.view.tsx only while the machine is `active`.
//
// It only touches elements that are still BELOW the viewport when it mounts: those get their
// from-state (faded and moved down a little, opacity and transform only, so nothing around them
// moves) and are revealed once as they scroll in. Everything already on screen or above stays as
// it is, and nothing is ever hidden before this code runs, so the page reads fully without scripts.
import { useGSAP } from '@gsap/react';
import { gsap } from 'gsap';
import { ScrollTrigger } from 'gsap/ScrollTrigger';
import type { RevealOptions } from '../../services/theme/scroll-reveal.actor.ts';

gsap.registerPlugin(ScrollTrigger, useGSAP);

/**
 * What fades in: section headings and the cards and items of the home sections. Not the counters
 * and capability bars: they have their own motion, and text that changes inside a box gsap is
 * moving is counted by Chrome as a layout shift. The project grid fades in as a whole: its
 * cards move with the filter, and a card still waiting for its reveal would come to the top of
 * a filtered grid invisible.
 */
export const REVEAL_SELECTOR = [
  'main .section-heading',
  'main .card',
  'main .project-grid',
  'main .gallery-grid__item',
  'main .about__point',
  'main .office',
].join(', ');

export function ScrollRevealEngine({ distancePx, durationMs }: RevealOptions) {
  // useGSAP runs this in a gsap.context that records every tween and ScrollTrigger made inside;
  // on unmount (the machine leaving `active`, e.g. reduced motion turned on) it reverts them all
  // and restores the elements' own inline styles. No `scope`: it only resolves selector text
  // handed to gsap, and the elements are picked here, in the whole page's <main>, by position.
  // `revertOnUpdate`: new options undo the old tweens before the new ones are made.
  useGSAP(
    () => {
      const viewportBottom = window.innerHeight;
      const below = [...document.querySelectorAll<HTMLElement>(REVEAL_SELECTOR)].filter(
        (element) => element.getBoundingClientRect().top > viewportBottom,
      );
      // Every trigger first, then every from-state: a trigger measures the page, and a
      // from-state written between two measurements would make the browser lay the whole page
      // out again for the next one (made as gsap.from with its own scrollTrigger, each element
      // cost a layout: a 190 ms task on Lighthouse's phone).
      const reveals = below.map((element) => {
        const reveal: { tween?: gsap.core.Tween } = {};
        // `once`: revealed for good, also when a jump (a menu link) scrolls past it.
        ScrollTrigger.create({ trigger: element, start: 'top bottom-=40', once: true, onEnter: () => void reveal.tween?.play() });
        return { element, reveal };
      });
      for (const { element, reveal } of reveals) {
        reveal.tween = gsap.from(element, { opacity: 0, y: distancePx, duration: durationMs / 1000, ease: 'power2.out', paused: true });
      }
    },
    { dependencies: [distancePx, durationMs], revertOnUpdate: true },
  );
  return null;
}
