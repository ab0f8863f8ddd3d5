// The tab on the screen's edge that opens the contact panel, and when it shows (the plugin's
// `label_vis`): `visible` from the start; `hidden_500` the same, with no tab at 500 px wide and
// below (the view's CSS); `hidden` never (only triggers open the panel); `scroll` once the
// visitor has scrolled, fading in: at once if the page is already scrolled as the machine starts
// to wait (the application loads after the first paint, so a visitor may have scrolled before
// it ran, or arrived at /#contact), otherwise at the first scroll. The prerendered page has no
// tab at all: without scripts it could not open anything.
import { setup } from 'xstate';
import type { SidebarContactOptions } from '../../../content/structs/sidebar-contact.struct.ts';
import { firstScroll, type FirstScrollEvent } from '../../services/shared/first-scroll.actor.ts';
import { hydrated, type HydratedEvent } from '../../services/shared/hydrated.actor.ts';

export interface SidebarTabInput {
  visibility: SidebarContactOptions['label_vis'];
}

export type SidebarTabEvent = HydratedEvent | FirstScrollEvent;

export const sidebarTabMachine = setup({
  types: {
    input: {} as SidebarTabInput,
    context: {} as SidebarTabInput,
    events: {} as SidebarTabEvent,
  },
  actors: { hydrated, firstScroll },
  guards: {
    isVisibility: ({ context }, params: { visibility: SidebarTabInput['visibility'] }) => context.visibility === params.visibility,
  },
}).createMachine({
  id: 'sidebarTab',
  context: ({ input }) => ({ visibility: input.visibility }),
  initial: 'static',
  states: {
    static: { invoke: { id: 'hydrated', src: 'hydrated' }, on: { 'view.hydrate': 'choosing' } },
    choosing: {
      always: [
        { guard: { type: 'isVisibility', params: { visibility: 'hidden' } }, target: 'hidden' },
        { guard: { type: 'isVisibility', params: { visibility: 'scroll' } }, target: 'waitingForScroll' },
        { target: 'shown' },
      ],
    },
    waitingForScroll: {
      invoke: { id: 'firstScroll', src: 'firstScroll' },
      // Already scrolled as the wait starts, or scrolled during it.
      on: { 'page.scrolled': 'shown', 'page.scroll': 'shown' },
    },
    shown: { tags: ['visible'] },
    hidden: {},
  },
});
