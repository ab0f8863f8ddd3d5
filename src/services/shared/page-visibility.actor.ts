// Whether the tab is shown, as machine events: a machine invokes this callback actor (as
// `src: 'pageVisibility'`) and receives `page.visible` or `page.hidden` at once and on every
// change, so an animation can stop drawing while nobody can see it.
import { fromCallback, type EventObject } from 'xstate';

export type PageVisibilityEvent = { type: 'page.visible' } | { type: 'page.hidden' };

export type VisibilityDocument = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

export function createPageVisibility(getDocument: () => VisibilityDocument | undefined) {
  return fromCallback<EventObject, void>(({ sendBack }) => {
    const target = getDocument();
    const report = () => sendBack({ type: target?.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' } satisfies PageVisibilityEvent);
    report();
    if (!target) return undefined;
    target.addEventListener('visibilitychange', report);
    return () => target.removeEventListener('visibilitychange', report);
  });
}

export const pageVisibility = createPageVisibility(() => (typeof document === 'undefined' ? undefined : document));
