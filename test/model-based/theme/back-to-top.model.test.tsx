// backToTop, walked through the real <BackToTop /> view along every edge of the production
// machine's graph.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { backToTopMachine } from '../../../src/machines/theme/back-to-top.machine.ts';
import { BACK_TO_TOP_SCROLL_DURATION_MS, BACK_TO_TOP_THRESHOLD_PX } from '../../../src/machines/shared/theme.constants.ts';
import { BackToTop } from '../../../src/views/theme/back-to-top.view.tsx';
import { describeModel, fakeCallbackActor, isViewportChange, setViewport, viewportSteps, type FakeCallbackActor } from '../harness/index.ts';

const NAME = 'Back to top';
/** The button even while hidden (hidden elements have no accessible name to query by). */
const anyButton = (container: HTMLElement) => container.querySelector('button.back-to-top');
const scrollAnimation = (fakes: Record<string, unknown>) => fakes.scrollWindow as FakeCallbackActor;

describeModel({
  machine: backToTopMachine,
  // One offset on each side of the threshold is all the machine can tell apart.
  eventSamples: [
    { type: 'scroll.update', scrollY: 0 },
    { type: 'scroll.update', scrollY: BACK_TO_TOP_THRESHOLD_PX + 100 },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, pastThreshold: snapshot.context.scrollY > BACK_TO_TOP_THRESHOLD_PX }),
  filterEvents: isViewportChange,
  // jsdom has no layout and cannot scroll (window.scrollTo is "not implemented"), so the
  // animation is a fake whose start, input and end the states check; scroll-to.service is
  // unit-tested on its own. Viewport events go through the real service (see viewport-driver).
  fakes: { scrollWindow: () => fakeCallbackActor() },
  setup: () => setViewport({ scrollY: 0 }),
  render: (props) => <BackToTop {...props} />,
  events: {
    ...viewportSteps,
    'button.click': ({ user }) => user.click(screen.getByRole('button', { name: NAME })),
  },
  states: {
    hidden: ({ fakes, container }) => {
      // Present in the HTML (prerendered), but neither visible, focusable nor announced.
      expect(screen.queryByRole('button', { name: NAME })).toBeNull();
      expect(anyButton(container)).not.toBeVisible();
      expect(anyButton(container)).toHaveAttribute('aria-hidden', 'true');
      expect(scrollAnimation(fakes).running).toBeUndefined();
    },
    visible: ({ fakes }) => {
      const button = screen.getByRole('button', { name: NAME });
      expect(button).toBeVisible();
      expect(button).not.toHaveAttribute('aria-disabled');
      expect(scrollAnimation(fakes).running).toBeUndefined();
    },
    scrolling: ({ fakes }) => {
      const button = screen.getByRole('button', { name: NAME });
      expect(button).toBeVisible();
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(scrollAnimation(fakes).running?.input).toEqual({ top: 0, duration: BACK_TO_TOP_SCROLL_DURATION_MS });
    },
  },
});
