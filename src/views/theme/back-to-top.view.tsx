// The back-to-top button. It is always in the HTML (prerendered and hydrated identically, since
// the first render is the machine's initial `hidden` state) and only reflects the machine.
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { backToTopMachine } from '../../machines/theme/back-to-top.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface BackToTopProps {
  /** The machine to run; tests pass `backToTopMachine.provide({ actors, delays })` with fakes. */
  logic?: typeof backToTopMachine;
  /** Receives the actor system's inspection events (the model-based harness records coverage). */
  inspect?: (event: InspectionEvent) => void;
}

export function BackToTop({ logic = backToTopMachine, inspect }: BackToTopProps) {
  const actorRef = useActorRef(logic, { inspect: inspectWith(inspect) });
  const state = useSelector(actorRef, (snapshot) => String(snapshot.value));
  const shown = useSelector(actorRef, (snapshot) => snapshot.hasTag('shown'));
  const clickable = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'button.click' }));

  return (
    <button
      type="button"
      className="back-to-top"
      aria-label="Back to top"
      // `hidden` keeps it out of the tab order and the accessibility tree; aria-hidden says the
      // same for tools that only read ARIA. Both are absent whenever it is visible.
      hidden={!shown}
      aria-hidden={shown ? undefined : true}
      // While the page scrolls up the button stays focusable (a disabled button would drop the
      // keyboard focus) but announces that it does nothing.
      aria-disabled={shown && !clickable ? true : undefined}
      data-state={state}
      onClick={() => actorRef.send({ type: 'button.click' })}
    >
      <svg className="back-to-top__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 4 4.5 11.5l1.4 1.4L11 7.8V20h2V7.8l5.1 5.1 1.4-1.4Z" fill="currentColor" />
      </svg>
    </button>
  );
}
