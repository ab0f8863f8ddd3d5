// "The page has loaded and the browser is idle" as a machine event: a machine invokes this
// callback actor (as `src: 'pageIdle'`) and receives `page.idle` once, after the window's `load`
// event and the next idle period. Work started from it (big lazy chunks such as gsap) never
// competes with the first paint or the page's own pictures.
import { fromCallback, type EventObject } from 'xstate';

export interface IdleWindow {
  document: Pick<Document, 'readyState'>;
  addEventListener(type: 'load', listener: () => void): void;
  removeEventListener(type: 'load', listener: () => void): void;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

/** The longest an idle callback may wait on a page that never idles. */
export const IDLE_TIMEOUT_MS = 2000;

export function createPageIdle(getWindow: () => IdleWindow | undefined) {
  return fromCallback<EventObject, void>(({ sendBack }) => {
    const target = getWindow();
    const idle = () => sendBack({ type: 'page.idle' });
    if (!target) {
      idle();
      return undefined;
    }
    let cancel = () => undefined as void;
    const afterLoad = () => {
      if (target.requestIdleCallback && target.cancelIdleCallback) {
        const handle = target.requestIdleCallback(idle, { timeout: IDLE_TIMEOUT_MS });
        cancel = () => target.cancelIdleCallback?.(handle);
      } else {
        const handle = target.setTimeout(idle, 0);
        cancel = () => target.clearTimeout(handle);
      }
    };
    if (target.document.readyState === 'complete') {
      afterLoad();
    } else {
      target.addEventListener('load', afterLoad);
      cancel = () => target.removeEventListener('load', afterLoad);
    }
    return () => cancel();
  });
}

export const pageIdle = createPageIdle(() => (typeof window === 'undefined' ? undefined : (window as unknown as IdleWindow)));
