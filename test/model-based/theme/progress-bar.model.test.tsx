// progressBar, walked through the real <ProgressBar> view along every edge of the production
// machine's graph. The motion preference and nearness to the viewport are fakes the steps drive;
// the fill's duration is a delay the harness advances on the fake clock.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { progressBarMachine } from '../../../src/machines/theme/progress-bar.machine.ts';
import { MOTION_NEAR_MARGIN_PX, PROGRESS_FILL_DURATION_MS } from '../../../src/machines/shared/theme.constants.ts';
import { ProgressBar } from '../../../src/views/theme/progress-bar.view.tsx';
import { describeModel, type ModelConfig, fakeCallbackActor, type FakeCallbackActor, sendBackFrom } from '../harness/index.ts';

const LABEL = 'Structural steel and rigging';
const PERCENT = 85;

const fake = (fakes: Record<string, unknown>, src: string) => fakes[src] as FakeCallbackActor<{ getElement?: () => Element | null; marginPx?: number }>;

const from = sendBackFrom;

const bar = () => screen.getByRole('progressbar', { name: LABEL });
const fill = () => bar().querySelector<HTMLElement>('.capability__fill');

function expectAccessibleTarget() {
  // Assistive technology always gets the target, whatever the picture shows.
  expect(bar()).toHaveAttribute('aria-valuenow', String(PERCENT));
  expect(bar()).toHaveAttribute('aria-valuemin', '0');
  expect(bar()).toHaveAttribute('aria-valuemax', '100');
  expect(bar()).toHaveAttribute('aria-valuetext', `${PERCENT}%`);
}

function expectFilledWithoutTransition() {
  expect(fill()?.style.transform).toBe(`scaleX(${PERCENT / 100})`);
  expect(fill()).not.toHaveClass('is-filling');
  expect(fill()?.style.transitionDuration).toBe('');
}

/** Types the model by the machine (views wrapped in other elements lose the inference). */
const modelOf = (config: ModelConfig<typeof progressBarMachine>) => config;

describeModel(modelOf({
  machine: progressBarMachine,
  input: { getElement: () => null },
  serializeState: (snapshot: SnapshotFrom<typeof progressBarMachine>) => JSON.stringify(snapshot.value),
  fakes: {
    reducedMotion: () => fakeCallbackActor(),
    intersection: () => fakeCallbackActor(),
  },
  render: (props) => (
    <ul>
      <ProgressBar label={LABEL} percent={PERCENT} {...props} />
    </ul>
  ),
  events: {
    'motion.reduce': from('reducedMotion'),
    'motion.allow': from('reducedMotion'),
    'element.near': from('intersection'),
  },
  states: {
    pending: ({ fakes }) => {
      // As prerendered: full to the target.
      expectAccessibleTarget();
      expectFilledWithoutTransition();
      expect(fake(fakes, 'intersection').running).toBeUndefined();
    },
    waiting: ({ fakes }) => {
      expectAccessibleTarget();
      expect(fill()?.style.transform).toBe('scaleX(0)');
      const watching = fake(fakes, 'intersection').running;
      expect(watching?.input.marginPx).toBe(MOTION_NEAR_MARGIN_PX);
      expect(watching?.input.getElement?.()).toBe(bar());
    },
    filling: ({ fakes }) => {
      expectAccessibleTarget();
      expect(fill()?.style.transform).toBe(`scaleX(${PERCENT / 100})`);
      expect(fill()).toHaveClass('is-filling');
      expect(fill()?.style.transitionDuration).toBe(`${PROGRESS_FILL_DURATION_MS}ms`);
      expect(fake(fakes, 'intersection').running, 'fills once: no longer watching').toBeUndefined();
    },
    filled: () => {
      expectAccessibleTarget();
      expectFilledWithoutTransition();
    },
    reduced: ({ fakes }) => {
      expectAccessibleTarget();
      expectFilledWithoutTransition();
      expect(fake(fakes, 'intersection').running).toBeUndefined();
      expect(bar().closest('li')).toHaveAttribute('data-state', 'reduced');
    },
  },
}));
