// The scroll-reveal island: it draws nothing itself. It runs the scrollReveal machine and, while
// the machine is `active`, mounts the engine the machine loaded (scroll-reveal-engine.view.tsx,
// whose useGSAP animates the page's headings and cards and reverts everything on unmount). It is
// mounted by the app shell as a lazy chunk, and the engine is a chunk of its own, fetched by the
// machine after the page has loaded, so neither this island nor gsap is in the first script.
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { scrollRevealMachine } from '../../machines/theme/scroll-reveal.machine.ts';
import type { RevealEngineLoader } from '../../services/theme/scroll-reveal.actor.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

/** The engine's chunk: gsap, ScrollTrigger and @gsap/react come with it, not before. */
export const loadScrollRevealEngine: RevealEngineLoader = () => import('./scroll-reveal-engine.view.tsx').then((module) => module.ScrollRevealEngine);

export interface ScrollRevealProps {
  /** The machine to run; tests pass `scrollRevealMachine.provide({ actors })` with fakes. */
  logic?: typeof scrollRevealMachine;
  inspect?: (event: InspectionEvent) => void;
}

export default function ScrollReveal({ logic = scrollRevealMachine, inspect }: ScrollRevealProps) {
  const actorRef = useActorRef(logic, { input: { loadEngine: loadScrollRevealEngine }, inspect: inspectWith(inspect) });
  const Engine = useSelector(actorRef, (snapshot) => (snapshot.matches('active') ? snapshot.context.engine : null));
  const options = useSelector(actorRef, (snapshot) => snapshot.context.options);
  return Engine ? <Engine {...options} /> : null;
}
