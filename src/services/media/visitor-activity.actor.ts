// "The visitor is doing something on the page" as a machine event: `visitor.act` once, at the
// first pointer movement or press, key, wheel, touch or scroll anywhere on the page, for work
// that is only worth doing once someone is there to see it (ARCHITECTURE.md, "A page's life").
import { fromCallback, type EventObject } from 'xstate';

export type VisitorActivityEvent = { type: 'visitor.act' };

const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export const visitorActivity = fromCallback<EventObject>(({ sendBack }) => {
  const onActivity = () => sendBack({ type: 'visitor.act' } satisfies VisitorActivityEvent);
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
  };
});
