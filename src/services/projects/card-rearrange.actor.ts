// Rearranges the project cards with gsap Flip (loaded on the first use, a chunk of its own):
// records where every card of the grid is, reports `cards.measured` so that the machine shows
// the new choice and React renders it, then on the next frame animates each card from its old
// place to its new one (cards that leave fade out, cards that arrive fade in) and reports
// `rearrange.done`. The grid's layout is final from React's render on: the cards it shows move
// by transforms alone, and only those that leave are taken out of flow (absolute, where they
// were) to fade, so nothing after the grid moves during the move or at its end (ARCHITECTURE.md,
// "Projects"). Once gsap is loaded, a choice is measured at once, in the press's own task.
// Stopped early (another choice, or the machine's timeout), it jumps to the end. If gsap cannot
// be loaded the choice still applies, without the animation.
import { fromCallback, type EventObject } from 'xstate';

export interface CardRearrangeInput {
  gridId: string;
}

/** How long the cards take to move (short: the visitor is waiting for the new grid). */
export const CARD_REARRANGE_SECONDS = 0.45;

type Timeline = { progress(value: number): unknown; kill(): unknown };
type FlipModules = { gsap: typeof import('gsap').gsap; Flip: typeof import('gsap/Flip').Flip };

/** gsap and Flip, once loaded: later choices need no import. */
let loaded: FlipModules | undefined;

async function loadFlip(): Promise<FlipModules> {
  const [{ gsap }, { Flip }] = await Promise.all([import('gsap'), import('gsap/Flip')]);
  gsap.registerPlugin(Flip);
  return (loaded = { gsap, Flip });
}

export const cardRearrange = fromCallback<EventObject, CardRearrangeInput>(({ input, sendBack }) => {
  let stopped = false;
  let frame = 0;
  let timeline: Timeline | undefined;
  const measured = () => sendBack({ type: 'cards.measured' });
  const done = () => sendBack({ type: 'rearrange.done' });

  const rearrange = ({ gsap, Flip }: FlipModules) => {
    if (stopped) return;
    const cards = [...document.querySelectorAll<HTMLElement>(`#${CSS.escape(input.gridId)} > *`)];
    const state = Flip.getState(cards);
    measured();
    frame = requestAnimationFrame(() => {
      if (stopped) return;
      const move = { duration: CARD_REARRANGE_SECONDS, ease: 'power1.inOut', scale: true };
      timeline = gsap
        .timeline({ onComplete: done })
        .add(
          Flip.from(state, {
            ...move,
            targets: cards.filter((card) => !card.hidden),
            onEnter: (elements) => gsap.fromTo(elements, { opacity: 0, scale: 0.9 }, { opacity: 1, scale: 1, duration: CARD_REARRANGE_SECONDS }),
          }),
          0,
        )
        .add(
          Flip.from(state, {
            ...move,
            targets: cards.filter((card) => card.hidden),
            absolute: true,
            onLeave: (elements) => gsap.to(elements, { opacity: 0, scale: 0.9, duration: CARD_REARRANGE_SECONDS }),
          }),
          0,
        );
    });
  };

  if (loaded) rearrange(loaded);
  else
    loadFlip().then(rearrange, () => {
      if (stopped) return;
      measured();
      done();
    });

  return () => {
    stopped = true;
    cancelAnimationFrame(frame);
    timeline?.progress(1);
    timeline?.kill();
  };
});
