// Rearranges the project cards with gsap Flip (loaded on the first use, a chunk of its own):
// records where every card of the grid is, reports `cards.measured` so that the machine shows
// the new choice and React renders it, then on the next frame animates each card from its old
// place to its new one (cards that leave fade out, cards that arrive fade in) and reports
// `rearrange.done`. Stopped early (another choice), it jumps to the end. If gsap cannot be
// loaded the choice still applies, without the animation.
import { fromCallback, type EventObject } from 'xstate';

export interface CardRearrangeInput {
  gridId: string;
  category: string | null;
}

/** How long the cards take to move (short: the visitor is waiting for the new grid). */
export const CARD_REARRANGE_SECONDS = 0.45;

type Timeline = { progress(value: number): unknown; kill(): unknown };

export const cardRearrange = fromCallback<EventObject, CardRearrangeInput>(({ input, sendBack }) => {
  let stopped = false;
  let frame = 0;
  let timeline: Timeline | undefined;
  const measured = () => sendBack({ type: 'cards.measured', category: input.category });
  const done = () => sendBack({ type: 'rearrange.done' });

  void loadFlip().then(
    ({ gsap, Flip }) => {
      if (stopped) return;
      const cards = document.querySelectorAll(`#${CSS.escape(input.gridId)} > *`);
      const state = Flip.getState(cards);
      measured();
      frame = requestAnimationFrame(() => {
        if (stopped) return;
        timeline = Flip.from(state, {
          duration: CARD_REARRANGE_SECONDS,
          ease: 'power1.inOut',
          absolute: true,
          scale: true,
          onEnter: (elements) => gsap.fromTo(elements, { opacity: 0, scale: 0.9 }, { opacity: 1, scale: 1, duration: CARD_REARRANGE_SECONDS }),
          onLeave: (elements) => gsap.to(elements, { opacity: 0, scale: 0.9, duration: CARD_REARRANGE_SECONDS }),
          onComplete: done,
        });
      });
    },
    () => {
      if (stopped) return;
      measured();
      done();
    },
  );

  return () => {
    stopped = true;
    cancelAnimationFrame(frame);
    timeline?.progress(1);
    timeline?.kill();
  };
});

async function loadFlip() {
  const [{ gsap }, { Flip }] = await Promise.all([import('gsap'), import('gsap/Flip')]);
  gsap.registerPlugin(Flip);
  return { gsap, Flip };
}
