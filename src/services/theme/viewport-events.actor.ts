// The viewport as machine events: machines invoke this callback actor (as `src: 'viewport'`)
// and receive `scroll.update` / `viewport.resize`, so no view ever reads scroll or width.
import { fromCallback, type EventObject } from 'xstate';
import { getViewportService, type Viewport, type ViewportService } from '../shared/viewport.service.ts';

export interface ScrollUpdateEvent {
  type: 'scroll.update';
  scrollY: number;
}

export interface ViewportResizeEvent {
  type: 'viewport.resize';
  width: number;
}

export type ViewportEvent = ScrollUpdateEvent | ViewportResizeEvent;

/**
 * Builds the callback actor over a given service (tests may pass their own). It sends the
 * current viewport at once, because a page can load already scrolled (reload, anchor link),
 * then only what changed: a machine is not woken by a resize that left the scroll alone.
 */
export function createViewportEvents(getService: () => ViewportService) {
  return fromCallback<EventObject, void>(({ sendBack }) => {
    const send = (event: ViewportEvent) => sendBack(event);
    const service = getService();
    let last: Viewport = service.measure();
    send({ type: 'viewport.resize', width: last.width });
    send({ type: 'scroll.update', scrollY: last.scrollY });
    return service.subscribe((viewport) => {
      if (viewport.width !== last.width) send({ type: 'viewport.resize', width: viewport.width });
      if (viewport.scrollY !== last.scrollY) send({ type: 'scroll.update', scrollY: viewport.scrollY });
      last = viewport;
    });
  });
}

/** The page's viewport events, from the shared viewport service. */
export const viewportEvents = createViewportEvents(getViewportService);
