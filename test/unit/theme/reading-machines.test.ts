// What the reading machines promise, pinned independently of their graphs (the model-based
// tests check the views against the machines; these check the machines against the spec).
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyStateMachine, type EventFromLogic } from 'xstate';
import { comingSoonMachine } from '../../../src/machines/theme/coming-soon.machine.ts';
import { countdownMachine } from '../../../src/machines/theme/countdown.machine.ts';
import { faqItemMachine } from '../../../src/machines/theme/faq-item.machine.ts';
import { tabsMachine } from '../../../src/machines/theme/tabs.machine.ts';

/** Runs a machine with a silent `hydrated` actor and sends the events in order. */
function run<T extends AnyStateMachine>(machine: T, input: unknown, events: Array<EventFromLogic<T>>) {
  const quiet = fromCallback(() => undefined);
  const actor = createActor(machine.provide({ actors: { hydrated: quiet, clock: quiet } } as never), { input } as never);
  actor.start();
  for (const event of events) actor.send(event);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

describe('tabs (APG, automatic activation)', () => {
  const count = 5;
  const selectedAfter = (...events: Array<EventFromLogic<typeof tabsMachine>>) =>
    run(tabsMachine, { count }, [{ type: 'view.hydrate' }, ...events]).context.selected;

  it('wraps with the arrows both ways', () => {
    expect(selectedAfter({ type: 'tab.previous' })).toBe(4);
    expect(selectedAfter({ type: 'tab.last' }, { type: 'tab.next' })).toBe(0);
    expect(selectedAfter({ type: 'tab.next' }, { type: 'tab.next' })).toBe(2);
  });

  it('goes to the first and last tab with Home and End', () => {
    expect(selectedAfter({ type: 'tab.select', index: 2 }, { type: 'tab.first' })).toBe(0);
    expect(selectedAfter({ type: 'tab.last' })).toBe(4);
  });

  it('ignores a click naming a tab that does not exist, and keys before hydration', () => {
    expect(selectedAfter({ type: 'tab.select', index: 5 })).toBe(0);
    expect(selectedAfter({ type: 'tab.select', index: -1 })).toBe(0);
    expect(run(tabsMachine, { count }, [{ type: 'tab.next' }]).value).toBe('stacked');
  });

  it('refuses a tab count that is not a positive whole number', () => {
    for (const count of [0, 1.5, Number.NaN]) {
      const errors: unknown[] = [];
      const actor = createActor(tabsMachine, { input: { count } });
      actor.subscribe({ error: (error) => errors.push(error) });
      actor.start();
      expect(actor.getSnapshot().status).toBe('error');
      expect(String(errors[0])).toContain(`tabs: input.count must be a whole number of tabs, at least 1 (got ${String(count)})`);
    }
  });
});

describe('FAQ block', () => {
  it('alternates between open and closed on each toggle', () => {
    const toggles = (n: number) => run(faqItemMachine, undefined, [{ type: 'view.hydrate' }, ...Array.from({ length: n }, () => ({ type: 'answer.toggle' as const }))]).value;
    expect(toggles(0)).toBe('collapsed');
    expect(toggles(1)).toBe('expanded');
    expect(toggles(2)).toBe('collapsed');
    expect(toggles(3)).toBe('expanded');
  });

  it('opens when find-in-page reveals the answer, and a reveal never closes it', () => {
    expect(run(faqItemMachine, undefined, [{ type: 'view.hydrate' }, { type: 'answer.reveal' }]).value).toBe('expanded');
    expect(run(faqItemMachine, undefined, [{ type: 'view.hydrate' }, { type: 'answer.toggle' }, { type: 'answer.reveal' }]).value).toBe('expanded');
  });
});

describe('coming-soon panel', () => {
  it('wraps around at both ends', () => {
    const indexAfter = (...events: Array<EventFromLogic<typeof comingSoonMachine>>) =>
      run(comingSoonMachine, { count: 4 }, [{ type: 'view.hydrate' }, ...events]).context.index;
    expect(indexAfter({ type: 'item.previous' })).toBe(3);
    expect(indexAfter({ type: 'item.next' }, { type: 'item.next' }, { type: 'item.next' }, { type: 'item.next' })).toBe(0);
  });
});

describe('countdown', () => {
  const target = Date.parse('2026-12-05T09:00:00+02:00');

  it('counts while the moment is ahead and finishes at it', () => {
    expect(run(countdownMachine, { target }, [{ type: 'clock.tick', now: target - 1 }]).value).toEqual({ counting: 'running' });
    expect(run(countdownMachine, { target }, [{ type: 'clock.tick', now: target - 1 }, { type: 'clock.tick', now: target }]).value).toBe('finished');
    expect(run(countdownMachine, { target }, [{ type: 'clock.tick', now: target + 5 }]).value).toBe('finished');
  });

  it('waits for the clock before showing digits', () => {
    expect(run(countdownMachine, { target }, []).value).toEqual({ counting: 'scheduled' });
  });
});
