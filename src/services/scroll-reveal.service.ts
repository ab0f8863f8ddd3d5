// Scroll-reveal's effects for its machine: loading the engine (gsap + ScrollTrigger, a lazy
// chunk: this module only holds the dynamic import) and running it while the machine is active.
import { fromCallback, fromPromise, type EventObject } from 'xstate';

export interface RevealOptions {
  /** How far (px) an element slides up as it fades in. */
  distancePx: number;
  durationMs: number;
}

export interface RevealEngine {
  /** Prepares the elements still below the viewport and reveals them as they enter; the returned function undoes everything. */
  start(root: ParentNode, options: RevealOptions): () => void;
}

/** Loads gsap and ScrollTrigger (a chunk of their own, fetched only now). */
export const loadRevealEngine = fromPromise<RevealEngine>(async () => (await import('./scroll-reveal.engine.ts')).revealEngine);

export interface RevealOnScrollInput extends RevealOptions {
  engine: RevealEngine;
}

/** Runs the engine over the document while invoked; stopping it restores every element. */
export const revealOnScroll = fromCallback<EventObject, RevealOnScrollInput>(({ input }) => {
  const { engine, ...options } = input;
  return engine.start(document, options);
});
