// countdown, walked through the real <CountdownView> with the content's open day along every
// edge of the production machine's graph. The clock is a fake whose ticks the paths send (one
// reading well before the moment, one after it); the real clock is unit-tested on its own.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { home } from '../../support/site-content.ts';
import { countdownMachine } from '../../../src/machines/theme/countdown.machine.ts';
import { formatSouthAfricanDateTime } from '../../../src/machines/theme/countdown-time.ts';
import { COUNTDOWN_TICK_MS } from '../../../src/machines/shared/theme.constants.ts';
import { CountdownView } from '../../../src/views/theme/countdown.view.tsx';
import { describeModel, fakeCallbackActor, type FakeCallbackActor } from '../harness/index.ts';

const content = home.upcoming.countdown;
const target = Date.parse(content.startsAt);
// 3 days, 4 hours, 5 minutes and 6 seconds before the doors open.
const BEFORE = target - (((3 * 24 + 4) * 60 + 5) * 60 + 6) * 1000;
const AFTER = target + 1000;
const clockOf = (fakes: Record<string, unknown>) => fakes.clock as FakeCallbackActor<{ intervalMs: number }>;
/** In every state: the date itself, in words and machine-readable. */
const expectDate = (container: HTMLElement) => {
  const time = container.querySelector('time')!;
  expect(time).toHaveAttribute('datetime', content.startsAt);
  expect(time).toHaveTextContent(formatSouthAfricanDateTime(content.startsAt));
  expect(time).toBeVisible();
};
const values = (container: HTMLElement) => [...container.querySelectorAll('.countdown__value')].map((element) => element.textContent);

describeModel({
  machine: countdownMachine,
  input: { target },
  eventSamples: [
    { type: 'clock.tick', now: BEFORE },
    { type: 'clock.tick', now: AFTER },
  ],
  serializeState: (snapshot) => {
    const { now } = snapshot.context;
    return JSON.stringify({ value: snapshot.value, now: now === null ? 'none' : now < target ? 'before' : 'after' });
  },
  fakes: { clock: () => fakeCallbackActor() },
  render: (props) => <CountdownView {...content} {...props} />,
  events: {
    'clock.tick': ({ fakes, event }) => clockOf(fakes).running?.sendBack(event),
  },
  states: {
    'counting.scheduled': ({ fakes, container }) => {
      expectDate(container);
      // Before the first tick (the prerendered HTML): placeholders of the digits' size.
      const timer = screen.getByRole('timer');
      expect(timer).toHaveAttribute('aria-live', 'off');
      expect(timer).toHaveAccessibleName(`${content.heading} ${content.eventName}: ${formatSouthAfricanDateTime(content.startsAt)}, ${content.place}`);
      expect(values(timer)).toEqual(['--', '--', '--', '--']);
      expect(clockOf(fakes).running?.input).toEqual({ intervalMs: COUNTDOWN_TICK_MS });
    },
    'counting.running': ({ fakes, container }) => {
      expectDate(container);
      const timer = screen.getByRole('timer');
      expect(timer).toHaveAttribute('aria-live', 'off');
      expect(values(container)).toEqual(['03', '04', '05', '06']);
      expect(timer).toHaveTextContent(content.units.days);
      expect(clockOf(fakes).running).toBeDefined();
      // The closing copy keeps its room (upcoming.css) but is not read out before its time.
      expect(screen.getByText(content.finishedText)).toHaveAttribute('aria-hidden', 'true');
    },
    finished: ({ fakes, container }) => {
      expectDate(container);
      expect(screen.queryByRole('timer')).toBeNull();
      expect(screen.getByText(content.finishedText)).toBeVisible();
      // The clock is stopped.
      expect(clockOf(fakes).running).toBeUndefined();
      expect(clockOf(fakes).instances.every((instance) => instance.stopped)).toBe(true);
    },
  },
});
