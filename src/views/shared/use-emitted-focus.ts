// The one way a machine moves the focus: it emits an event (`focus.summary`, `focus.toggle`…) and
// the view that owns the element focuses it. The focus is given after React has rendered the
// state change that came with the event, so an element the same step reveals (an error summary,
// a list that opens) can take it.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { EventObject } from 'xstate';

interface EmittingActor {
  on(type: string, handler: (event: EventObject) => void): { unsubscribe(): void };
}

type Target = RefObject<HTMLElement | null>;

function focusIfRequested(requested: RefObject<boolean>, target: Target) {
  const element = target.current;
  if (!requested.current || !element || element.closest('[hidden]')) return;
  requested.current = false;
  element.focus();
}

export function useEmittedFocus(actorRef: EmittingActor, type: string, target: Target): void {
  const requested = useRef(false);

  useEffect(() => {
    const subscription = actorRef.on(type, () => {
      requested.current = true;
      // When the event changes nothing on screen no render follows: the element takes it now.
      queueMicrotask(() => focusIfRequested(requested, target));
    });
    return () => subscription.unsubscribe();
  }, [actorRef, type, target]);

  // After every render, so the render that reveals the element gives it the focus.
  useLayoutEffect(() => focusIfRequested(requested, target));
}
