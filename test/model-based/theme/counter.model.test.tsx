// counter, walked through the real <Counter> view along every edge of the production machine's
// graph. The motion preference, nearness to the viewport and animation frames are fakes the
// steps drive (their real actors are unit-tested on their own: reduced-motion, intersection,
// animation-frames).
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { countAt, counterMachine } from '../../../src/machines/theme/counter.machine.ts';
import { COUNTER_DURATION_MS, MOTION_NEAR_MARGIN_PX } from '../../../src/machines/shared/theme.constants.ts';
import { Counter, formatCount } from '../../../src/views/theme/counter.view.tsx';
import { describeModel, fakeCallbackActor, type FakeCallbackActor, sendBackFrom } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof counterMachine>;

const VALUE = 9400;
const SUFFIX = ' m²';
const FINAL = `9\u00a0400${SUFFIX}`;

const fake = (fakes: Record<string, unknown>, src: string) => fakes[src] as FakeCallbackActor<{ getElement?: () => Element | null; marginPx?: number; duration?: number }>;

const from = sendBackFrom;

/** What a sighted visitor reads: prefix, counting digits, suffix. */
const digits = (container: HTMLElement) => container.querySelector('.counter__shown');

function expectAccessibleFinalValue(container: HTMLElement) {
  // Screen readers read the final value only, whatever the digits show.
  expect(container.querySelector('.visually-hidden')?.textContent).toBe(FINAL);
  expect(digits(container)).toHaveAttribute('aria-hidden', 'true');
  // The final number reserves the width the digits count in.
  expect(container.querySelector('.counter__sizer')).toHaveAttribute('data-final', formatCount(VALUE));
  expect(container.querySelector('.counter__sizer')?.closest('.counter__number')).toBe(container.querySelector('.counter__digits')?.parentElement);
  expect(container.querySelector('.counter__value')).toHaveAttribute('data-value', String(VALUE));
}

function progressBand(snapshot: Snapshot) {
  const { shown, elapsed } = snapshot.context;
  if (elapsed >= COUNTER_DURATION_MS) return 'end';
  return elapsed > 0 ? 'middle' : shown === VALUE ? 'prerendered' : 'start';
}

describeModel({
  machine: counterMachine,
  input: { value: VALUE, getElement: () => null },
  // Half way and the end: the only two kinds of frame the machine tells apart.
  eventSamples: [
    { type: 'frame.tick', elapsed: COUNTER_DURATION_MS / 2 },
    { type: 'frame.tick', elapsed: COUNTER_DURATION_MS },
  ],
  serializeState: (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, progress: progressBand(snapshot) }),
  fakes: {
    reducedMotion: () => fakeCallbackActor(),
    intersection: () => fakeCallbackActor(),
    animationFrames: () => fakeCallbackActor(),
  },
  render: (props) => <Counter value={VALUE} suffix={SUFFIX} label="of LED installed" {...props} />,
  events: {
    'motion.reduce': from('reducedMotion'),
    'motion.allow': from('reducedMotion'),
    'element.near': from('intersection'),
    'frame.tick': from('animationFrames'),
  },
  states: {
    pending: ({ container, fakes }) => {
      // As prerendered: the final value.
      expect(digits(container)?.textContent).toBe(FINAL);
      expectAccessibleFinalValue(container);
      expect(fake(fakes, 'intersection').running).toBeUndefined();
    },
    waiting: ({ container, fakes }) => {
      expect(digits(container)?.textContent).toBe(`0${SUFFIX}`);
      expectAccessibleFinalValue(container);
      const watching = fake(fakes, 'intersection').running;
      expect(watching?.input.marginPx).toBe(MOTION_NEAR_MARGIN_PX);
      // The actor watches the counter's own list item.
      expect(watching?.input.getElement?.()).toBe(container.querySelector('li.counter'));
      expect(fake(fakes, 'animationFrames').running).toBeUndefined();
    },
    counting: ({ container, fakes, snapshot }) => {
      const expected = countAt(VALUE, snapshot.context.elapsed);
      expect(expected).toBeLessThan(VALUE);
      expect(digits(container)?.textContent).toBe(`${formatCount(expected)}${SUFFIX}`);
      expectAccessibleFinalValue(container);
      expect(fake(fakes, 'animationFrames').running?.input).toEqual({ duration: COUNTER_DURATION_MS });
      expect(fake(fakes, 'intersection').running, 'counts once: no longer watching').toBeUndefined();
    },
    counted: ({ container, fakes }) => {
      expect(digits(container)?.textContent).toBe(FINAL);
      expectAccessibleFinalValue(container);
      expect(fake(fakes, 'animationFrames').running).toBeUndefined();
      expect(fake(fakes, 'intersection').running).toBeUndefined();
    },
    reduced: ({ container, fakes }) => {
      expect(digits(container)?.textContent).toBe(FINAL);
      expectAccessibleFinalValue(container);
      expect(fake(fakes, 'animationFrames').running).toBeUndefined();
      expect(fake(fakes, 'intersection').running).toBeUndefined();
      expect(container.querySelector('li.counter')).toHaveAttribute('data-state', 'reduced');
    },
  },
});
