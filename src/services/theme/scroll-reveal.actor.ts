// Scroll-reveal's effect for its machine: loading the engine, a React component that runs gsap
// through @gsap/react's useGSAP while it is mounted. The component lives in a lazy chunk of its
// own (with gsap, ScrollTrigger and @gsap/react); its dynamic import is written in the view
// (imports flow views → machines → services, so this module cannot name a view) and handed to
// the machine as input, which passes it here.
import type { ComponentType } from 'react';
import { fromPromise } from 'xstate';

export interface RevealOptions {
  /** How far (px) an element slides up as it fades in. */
  distancePx: number;
  durationMs: number;
}

/**
 * The engine: while mounted it prepares the elements still below the viewport and reveals them as
 * they enter; unmounting it undoes everything.
 */
export type RevealEngine = ComponentType<RevealOptions>;

/** Fetches the engine's chunk (a dynamic import) and gives its component. */
export type RevealEngineLoader = () => Promise<RevealEngine>;

export interface LoadRevealEngineInput {
  load: RevealEngineLoader;
}

/** Loads the engine's chunk, fetched only now; a failed import rejects (the machine's `failed`). */
export const loadRevealEngine = fromPromise<RevealEngine, LoadRevealEngineInput>(async ({ input }) => {
  const engine = await input.load();
  if (typeof engine !== 'function') throw new TypeError('The scroll-reveal chunk did not export an engine component');
  return engine;
});
