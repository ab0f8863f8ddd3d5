// Nearness to the viewport as machine events: a machine invokes this callback actor (as
// `src: 'intersection'`) with the element to watch and receives `element.near` /
// `element.far`, first for where the element is now and then on every change. Stopping the
// invoking state stops watching.
import { fromCallback, type EventObject } from 'xstate';
import { getIntersectionService, verticalRootMargin, type IntersectionService } from './intersection.service.ts';

export type IntersectionEvent = { type: 'element.near' } | { type: 'element.far' };

export interface IntersectionInput {
  /** Returns the element once it is in the document (a view's ref); null means "not rendered". */
  getElement: () => Element | null;
  /** How close (px, above and below) counts as near. */
  marginPx: number;
}

export function createIntersectionEvents(getService: () => IntersectionService) {
  return fromCallback<EventObject, IntersectionInput>(({ input, sendBack }) => {
    const element = input.getElement();
    // Nothing rendered to watch (a machine run without its view): treat it as near, like the
    // service's fallback, so the machine still reaches its final state.
    if (!element) {
      sendBack({ type: 'element.near' } satisfies IntersectionEvent);
      return undefined;
    }
    return getService().observe(element, verticalRootMargin(input.marginPx), (near) =>
      sendBack({ type: near ? 'element.near' : 'element.far' } satisfies IntersectionEvent),
    );
  });
}

export const intersectionEvents = createIntersectionEvents(getIntersectionService);
