// beforeAfter, walked through the real comparison view along every edge of the production
// machine's graph: the keyboard moves the slider, a press moves it only once it has gone past
// the threshold sideways, a vertical swipe leaves it (the page scrolls), a press released in
// place moves it there. jsdom lays nothing out: the comparison's box is 400 px wide at x 0 here,
// so a pointer's x in px is four times its position in %. Chromium drags the real one
// (test/e2e/projects.e2e.test.ts).
import { act, screen } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { projectPages } from '../../support/site-content.ts';
import { beforeAfterMachine } from '../../../src/machines/media/before-after.machine.ts';
import { COMPARISON_DRAG_THRESHOLD_PX, COMPARISON_START_PERCENT } from '../../../src/machines/shared/theme.constants.ts';
import { BeforeAfter } from '../../../src/views/media/before-after.view.tsx';
import { describeModel, type StepExecutor } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof beforeAfterMachine>;

const comparison = Object.values(projectPages.projects).find((page) => page.beforeAfter)!.beforeAfter!;
const { words } = projectPages;
const BOX_WIDTH_PX = 400;
const Y = 300;

beforeEach(() => {
  // The stage's box, as the view measures it.
  Element.prototype.getBoundingClientRect = function () {
    return this.classList.contains('before-after__stage') ? new DOMRect(0, 0, BOX_WIDTH_PX, 300) : new DOMRect(0, 0, 0, 0);
  };
});

const slider = () => screen.getByRole('slider', { name: words.divider });
const stage = () => slider().closest<HTMLElement>('.before-after__stage')!;

/** The divider's place, in bands the visitor can tell apart: the graph stays finite. */
const band = (position: number) => (position === 0 ? 'start' : position === 100 ? 'end' : position === COMPARISON_START_PERCENT ? 'middle' : 'between');

/** Where the press starts, and moves that stay under, pass sideways, or go up the threshold. */
const press = { x: 100, y: Y, position: 25 };
const sideways = { x: press.x + COMPARISON_DRAG_THRESHOLD_PX + 4, y: Y + 2, position: (press.x + COMPARISON_DRAG_THRESHOLD_PX + 4) / 4 };
const vertical = { x: press.x + 2, y: Y + COMPARISON_DRAG_THRESHOLD_PX + 4, position: (press.x + 2) / 4 };

/** Where user-event's pointer is: a move to where it already is sends no event. */
let at = { x: -1, y: -1 };
beforeEach(() => {
  at = { x: -1, y: -1 };
});

const pointer =
  (kind: 'down' | 'move' | 'up'): StepExecutor<typeof beforeAfterMachine> =>
  async ({ user, event }) => {
    const { x, y } = event as { x: number; y: number };
    const keys = kind === 'down' ? '[MouseLeft>]' : kind === 'up' ? '[/MouseLeft]' : undefined;
    // The same move again (a drag that goes on): by way of a pixel beside it.
    if (kind === 'move' && at.x === x && at.y === y) await user.pointer({ target: stage(), coords: { clientX: x + 1, clientY: y } });
    await user.pointer({ target: stage(), coords: { clientX: x, clientY: y }, ...(keys ? { keys } : {}) });
    at = { x, y };
  };

function expectComparison(snapshot: Snapshot, dragging: boolean) {
  const shown = Math.round(snapshot.context.position);
  expect(slider()).toHaveAttribute('aria-valuenow', String(shown));
  expect(slider()).toHaveAttribute('aria-valuemin', '0');
  expect(slider()).toHaveAttribute('aria-valuemax', '100');
  expect(slider()).toHaveAttribute('aria-valuetext', `${shown}% before, ${100 - shown}% after`);
  const figure = slider().closest('figure')!;
  // The pictures are cut and the divider moved by this one property (no layout).
  expect(figure.style.getPropertyValue('--before-after-position')).toBe(`${snapshot.context.position}%`);
  expect(figure.classList.contains('is-dragging')).toBe(dragging);
  expect(screen.getByRole('img', { name: comparison.before.alt })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: comparison.after.alt })).toBeInTheDocument();
  expect(screen.getByText(comparison.caption)).toBeInTheDocument();
}

describeModel({
  machine: beforeAfterMachine,
  eventSamples: [
    { type: 'key.step', delta: 1 },
    { type: 'key.step', delta: -10 },
    { type: 'key.edge', position: 0 },
    { type: 'key.edge', position: 100 },
    { type: 'pointer.down', ...press },
    { type: 'pointer.move', ...sideways },
    { type: 'pointer.move', ...vertical },
    { type: 'pointer.up', ...press },
    { type: 'pointer.cancel' },
  ],
  serializeState: (snapshot) => `${JSON.stringify(snapshot.value)} ${band(snapshot.context.position)}`,
  render: (harness) => <BeforeAfter comparison={comparison} words={words} sizes="100vw" {...harness} />,
  events: {
    'key.step': async ({ user, event }) => {
      slider().focus();
      const { delta } = event as { delta: number };
      await user.keyboard(delta === 1 ? '{ArrowRight}' : delta === -1 ? '{ArrowLeft}' : delta === 10 ? '{PageUp}' : '{PageDown}');
    },
    'key.edge': async ({ user, event }) => {
      slider().focus();
      await user.keyboard((event as { position: number }).position === 0 ? '{Home}' : '{End}');
    },
    'pointer.down': pointer('down'),
    'pointer.move': pointer('move'),
    'pointer.up': pointer('up'),
    'pointer.cancel': async () => {
      // The browser takes the touch over to scroll (touch-action: pan-y).
      await act(async () => stage().dispatchEvent(new Event('pointercancel', { bubbles: true })));
    },
  },
  states: {
    still: ({ snapshot }) => expectComparison(snapshot, false),
    pressed: ({ snapshot }) => expectComparison(snapshot, false),
    dragging: ({ snapshot }) => expectComparison(snapshot, true),
  },
});
