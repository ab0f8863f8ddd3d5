// A modal part of the page (the contact panel, the add-on's popup) gives the focus back to what
// had it before it opened: the element focused when the machine emits `open` is remembered, and
// focused again when it emits `close` (or `fallback` when that element has left the page).
import { useEffect, useRef, type RefObject } from 'react';
import type { EventObject } from 'xstate';

interface EmittingActor {
  on(type: string, handler: (event: EventObject) => void): { unsubscribe(): void };
}

export function useFocusReturn(
  actorRef: EmittingActor,
  events: { open: string; close: string },
  within: RefObject<HTMLElement | null>,
  fallback?: RefObject<HTMLElement | null>,
): void {
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const opening = actorRef.on(events.open, () => {
      const active = document.activeElement;
      returnTo.current = active instanceof HTMLElement && active !== document.body && !within.current?.contains(active) ? active : null;
    });
    const closing = actorRef.on(events.close, () => {
      const target = returnTo.current?.isConnected ? returnTo.current : fallback?.current;
      target?.focus();
    });
    return () => {
      opening.unsubscribe();
      closing.unsubscribe();
    };
  }, [actorRef, events.open, events.close, within, fallback]);
}
