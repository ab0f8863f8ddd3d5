// The before/after comparison: two pictures of one place under a divider. The divider is a
// WAI-ARIA slider (arrows move it by COMPARISON_KEY_STEP_PERCENT, Page Up/Down by
// COMPARISON_PAGE_STEP_PERCENT, Home/End to the edges) and is dragged with a mouse, pen or
// finger: a press becomes a drag only once it has moved more than COMPARISON_DRAG_THRESHOLD_PX
// sideways (and more sideways than up or down), so a vertical swipe still scrolls the page; a
// press released where it began moves the divider there.
import { assign, setup } from 'xstate';
import { COMPARISON_DRAG_THRESHOLD_PX, COMPARISON_START_PERCENT } from '../shared/theme.constants.ts';

export interface BeforeAfterContext {
  /** Where the divider is, in % of the width from the left: the share of the "before" picture. */
  position: number;
  /** Where the current press began, in CSS pixels of the viewport. */
  pressedAt: { x: number; y: number };
}

/** A pointer's place: `position` is the % of the comparison's width under it (the view measures). */
interface PointerPlace {
  x: number;
  y: number;
  position: number;
}

export type BeforeAfterEvent =
  | { type: 'key.step'; delta: number }
  | { type: 'key.edge'; position: 0 | 100 }
  | ({ type: 'pointer.down' } & PointerPlace)
  | ({ type: 'pointer.move' } & PointerPlace)
  | ({ type: 'pointer.up' } & PointerPlace)
  | { type: 'pointer.cancel' };

const clamp = (position: number) => Math.min(100, Math.max(0, position));

export const beforeAfterMachine = setup({
  types: {
    context: {} as BeforeAfterContext,
    events: {} as BeforeAfterEvent,
  },
  actions: {
    moveTo: assign((_, params: { position: number }) => ({ position: clamp(params.position) })),
    moveBy: assign(({ context }, params: { delta: number }) => ({ position: clamp(Math.round(context.position + params.delta)) })),
    rememberPress: assign((_, params: { x: number; y: number }) => ({ pressedAt: { x: params.x, y: params.y } })),
  },
  guards: {
    /** Past the threshold, and more sideways than up or down: the visitor drags the divider. */
    isSidewaysDrag: ({ context }, params: { x: number; y: number }) => {
      const dx = Math.abs(params.x - context.pressedAt.x);
      return dx > COMPARISON_DRAG_THRESHOLD_PX && dx >= Math.abs(params.y - context.pressedAt.y);
    },
    /** Past the threshold up or down: the visitor scrolls the page. */
    isVerticalSwipe: ({ context }, params: { y: number }) => Math.abs(params.y - context.pressedAt.y) > COMPARISON_DRAG_THRESHOLD_PX,
  },
}).createMachine({
  id: 'beforeAfter',
  context: { position: COMPARISON_START_PERCENT, pressedAt: { x: 0, y: 0 } },
  initial: 'still',
  states: {
    still: {
      on: {
        'key.step': { actions: { type: 'moveBy', params: ({ event }) => ({ delta: event.delta }) } },
        'key.edge': { actions: { type: 'moveTo', params: ({ event }) => ({ position: event.position }) } },
        'pointer.down': { target: 'pressed', actions: { type: 'rememberPress', params: ({ event }) => ({ x: event.x, y: event.y }) } },
      },
    },
    /** Pressed, not yet moved far enough to tell a drag from a scroll. */
    pressed: {
      on: {
        'pointer.move': [
          {
            guard: { type: 'isSidewaysDrag', params: ({ event }) => ({ x: event.x, y: event.y }) },
            target: 'dragging',
            actions: { type: 'moveTo', params: ({ event }) => ({ position: event.position }) },
          },
          { guard: { type: 'isVerticalSwipe', params: ({ event }) => ({ y: event.y }) }, target: 'still' },
        ],
        'pointer.up': { target: 'still', actions: { type: 'moveTo', params: ({ event }) => ({ position: event.position }) } },
        'pointer.cancel': { target: 'still' },
      },
    },
    dragging: {
      tags: ['dragging'],
      on: {
        'pointer.move': { actions: { type: 'moveTo', params: ({ event }) => ({ position: event.position }) } },
        'pointer.up': { target: 'still' },
        'pointer.cancel': { target: 'still' },
      },
    },
  },
});
