// The project popup's place in the browser's history. Opening a project adds an entry with the
// project's own address (`/projects/{slug}/`, marked as the popup's in its state), so the
// address can be copied and Back closes the popup; this actor reports every move through the
// history as `history.moved` with the popup's project of the entry now current (null for any
// other entry), so Back closes it and Forward opens it again.
import { fromCallback, type EventObject } from 'xstate';
import { projectPathOf } from './project-path.service.ts';

/** The key of the history entry's state that marks the popup's entries. */
const POPUP_STATE_KEY = 'projectPopup';

export function popupSlugOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !(POPUP_STATE_KEY in state)) return null;
  const slug = state[POPUP_STATE_KEY];
  return typeof slug === 'string' ? slug : null;
}

/** Adds the popup's entry for `slug`. */
export function pushPopupAddress(slug: string, target: Pick<Window, 'history'> = window): void {
  target.history.pushState({ [POPUP_STATE_KEY]: slug }, '', projectPathOf(slug));
}

/**
 * Leaves the popup's entry (closed by its button or Escape): back to the page's own address;
 * `history.moved` follows.
 */
export function leavePopupAddress(target: Pick<Window, 'history'> = window): void {
  target.history.back();
}

/**
 * Reported a task after `popstate`: by then the browser has finished the move, including its
 * scroll to the entry's fragment (`/#projects`), which takes the focus away; focus given back
 * on the report stays.
 */
export const projectHistory = fromCallback<EventObject>(({ sendBack }) => {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const onPopState = (event: PopStateEvent) => {
    const slug = popupSlugOf(event.state);
    const timer = setTimeout(() => {
      timers.delete(timer);
      sendBack({ type: 'history.moved', slug });
    }, 0);
    timers.add(timer);
  };
  window.addEventListener('popstate', onPopState);
  return () => {
    window.removeEventListener('popstate', onPopState);
    for (const timer of timers) clearTimeout(timer);
  };
});
