// The rotation of a Splide carousel, shared by the hero slider and the logo carousel
// (ARCHITECTURE.md, "Machines": what two machines use has a shared home). Once Splide has
// mounted, the machine invokes `splideCarousel` with the instance the mount handed over, and
// this sub-chart decides whether it plays: never while the visitor prefers reduced motion,
// not after they stopped it with the rotation button, and not while Splide holds (the pointer
// over it, focus inside it). Tagged `rotation` while the visitor's button applies.
/** What a machine with this rotation keeps: the visitor's motion preference. */
export interface SplideRotationContext {
  /** The visitor prefers reduced motion. Assumed until the preference is known, so nothing moves before it is. */
  reduced: boolean;
}

/**
 * The sub-chart of the state in which `splideCarousel` runs. The machine implements what it
 * names: the actions `playSplide` and `pauseSplide` (sendTo the invoked `splideCarousel`) and
 * the guards `isMotionAllowed` and `isMotionReduced`; TypeScript checks each name against the
 * machine's setup where the sub-chart is spread.
 */
export const splideRotationStates = {
  initial: 'still',
  states: {
    // Reduced motion: the visitor moves the slides with the arrows or the picker.
    still: {
      always: { guard: 'isMotionAllowed', target: 'playing' },
    },
    playing: {
      tags: 'rotation',
      entry: 'playSplide',
      exit: 'pauseSplide',
      always: { guard: 'isMotionReduced', target: 'still' },
      on: { 'rotation.pause': 'stopped' },
      initial: 'moving',
      states: {
        moving: { on: { 'carousel.hold': 'held' } },
        // Splide holds while the pointer is over the carousel or focus is inside it.
        held: { on: { 'carousel.resume': 'moving' } },
      },
    },
    // The visitor stopped it: only their play button starts it again.
    stopped: {
      tags: 'rotation',
      always: { guard: 'isMotionReduced', target: 'still' },
      on: { 'rotation.play': 'playing' },
    },
  },
} as const;
