// The parts of XState's public API the model-based harness stands on. xstate and @xstate/react
// are pinned to exact versions; when an upgrade changes one of these, this file fails first and
// says which part of the harness to adapt, instead of every model test failing at once.
import { describe, expect, it } from 'vitest';
import { createActor, getStateNodes, initialTransition, setup, transition, type InspectionEvent } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import packageJson from '../../package.json' with { type: 'json' };
import { activeStateNodes, delayOf, entryConfiguration, invokedActors } from './harness/chart.ts';
import { eventedTransitions, eventlessTransitions } from './harness/taken-transitions.ts';

const probeMachine = setup({
  types: { events: {} as { type: 'go' } | { type: 'stop' } },
  delays: { pause: 500 },
  guards: { isReady: () => true },
}).createMachine({
  id: 'probe',
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isReady', target: 'idle' }, { target: 'broken' }] },
    broken: {},
    idle: { on: { go: 'waiting' } },
    waiting: { after: { pause: 'idle' }, on: { stop: 'idle' } },
  },
});

const because = (part: string) => `XState's public API changed: ${part}. Adapt test/model-based/harness before upgrading.`;

describe('the XState API the harness uses', () => {
  it('is pinned to exact versions', () => {
    const dependencies: Record<string, string> = packageJson.dependencies;
    expect(dependencies.xstate, because('xstate must be pinned (no ^ or ~)')).toMatch(/^\d+\.\d+\.\d+$/);
    expect(dependencies['@xstate/react'], because('@xstate/react must be pinned (no ^ or ~)')).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('computes snapshots with initialTransition and transition, and nodes with getStateNodes', () => {
    const [initial] = initialTransition(probeMachine);
    expect(initial.value, because('initialTransition no longer runs always transitions')).toBe('idle');
    const [next] = transition(probeMachine, initial, { type: 'go' });
    expect(next.value, because('transition(machine, snapshot, event) no longer returns [snapshot, actions]')).toBe('waiting');
    expect(getStateNodes(probeMachine.root, next.value).map((node) => node.id), because('getStateNodes')).toContain('probe.waiting');
    expect(activeStateNodes(next).map((node) => node.id)).toEqual(['probe', 'probe.waiting']);
    expect(entryConfiguration(probeMachine).map((node) => node.id), because('StateNode.initial.target')).toEqual(['probe', 'probe.starting']);
    expect(invokedActors(next)).toEqual([]);
  });

  it('tells transitions apart from public data', () => {
    const [initial] = initialTransition(probeMachine);
    const [taken] = eventedTransitions(probeMachine, initial, { type: 'go' });
    expect(taken?.source.id, because('StateMachine.getTransitionData')).toBe('probe.idle');
    const [always] = eventlessTransitions(entryConfiguration(probeMachine), initial);
    expect(always?.source.id, because('StateNode.always')).toBe('probe.starting');
    expect(always?.target?.[0]?.id).toBe('probe.idle');
  });

  it('reads delays from the chart and reports scheduled delays to the inspector', () => {
    const [waiting] = transition(probeMachine, initialTransition(probeMachine)[0], { type: 'go' });
    expect(delayOf(probeMachine, 'xstate.after.pause.probe.waiting', waiting, { type: 'go' }), because('StateNode.after / setup delays')).toBe(500);
    const inspected: InspectionEvent[] = [];
    const actor = createActor(probeMachine, { inspect: (event) => inspected.push(event) }).start();
    actor.send({ type: 'go' });
    actor.stop();
    const raise = inspected.find((event) => event.type === '@xstate.action' && event.action.type === 'xstate.raise');
    expect(raise, because('a delayed transition is no longer an inspected xstate.raise action')).toBeDefined();
    expect(raise?.type === '@xstate.action' ? raise.action.params : undefined).toMatchObject({
      event: { type: 'xstate.after.pause.probe.waiting' },
      delay: 500,
    });
    const types = new Set(inspected.map((event) => event.type));
    expect([...types].sort(), because('inspection event types')).toEqual(
      ['@xstate.action', '@xstate.actor', '@xstate.event', '@xstate.microstep', '@xstate.snapshot'].sort(),
    );
  });

  it('walks graphs with xstate/graph', () => {
    const adjacency = getAdjacencyMap(probeMachine, {});
    expect(Object.keys(adjacency).length, because('xstate/graph getAdjacencyMap')).toBeGreaterThan(1);
    const targets = getShortestPaths(probeMachine).map((path) => path.state.value);
    expect(targets, because('xstate/graph getShortestPaths')).toEqual(expect.arrayContaining(['idle', 'waiting']));
  });
});
