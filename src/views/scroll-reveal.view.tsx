// The scroll-reveal island: it draws nothing itself. It runs the scrollReveal machine, whose
// engine animates the page's headings and cards (see scroll-reveal.engine.ts). It is mounted by
// the app shell as a lazy chunk, so neither it nor gsap is in the first script.
import { useActorRef } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { scrollRevealMachine } from '../machines/scroll-reveal.machine.ts';

export interface ScrollRevealProps {
  /** The machine to run; tests pass `scrollRevealMachine.provide({ actors })` with fakes. */
  logic?: typeof scrollRevealMachine;
  inspect?: (event: InspectionEvent) => void;
}

export default function ScrollReveal({ logic = scrollRevealMachine, inspect }: ScrollRevealProps) {
  useActorRef(logic, { inspect });
  return null;
}
