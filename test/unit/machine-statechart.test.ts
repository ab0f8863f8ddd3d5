// The statechart page's Mermaid text (scripts/machine-statechart.ts): every state and every
// transition of every machine is drawn, parallel machines become one box with their regions,
// and labels carry guards, actions, delays and invoked actors. (Chromium renders the page in
// the machine export check; here the text itself is checked.)
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { statechart } from '../../scripts/machine-statechart.ts';
import { loadMachines } from '../model-based/harness/discover-machines.ts';
import { listStateNodes, listTransitions } from '../model-based/harness/machine-inventory.ts';

const mermaidId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

describe('statechart', () => {
  it('draws every state and transition of every machine', async () => {
    const { machines } = await loadMachines();
    expect(machines.length).toBeGreaterThan(10);
    for (const { machine } of machines) {
      const chart = statechart(machine);
      expect(chart.startsWith('stateDiagram-v2\n'), machine.id).toBe(true);
      for (const node of listStateNodes(machine)) expect(chart, `${machine.id}: ${node.id}`).toContain(` as ${mermaidId(node.id)}`);
      const arrows = chart.split('\n').filter((line) => / --> /.test(line) && !line.includes('[*]'));
      const expected = listTransitions(machine).reduce((count, transition) => count + Math.max(1, transition.target?.length ?? 0), 0);
      expect(arrows.length, machine.id).toBe(expected);
    }
  });

  it('labels guards with their static params, delays with their milliseconds, and invokes', () => {
    const machine = setup({
      types: { events: {} as { type: 'form.submit' } },
      guards: { isAnswer: (_, _params: { status: string }) => true },
      actions: { storeAnswer: () => undefined },
      actors: { notify: fromPromise(async () => undefined) },
      delays: { pause: 1500 },
    }).createMachine({
      id: 'demo',
      type: 'parallel',
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: { on: { 'form.submit': { guard: { type: 'isAnswer', params: { status: 'mail_sent' } }, target: 'sent', actions: 'storeAnswer' } } },
            sent: { invoke: { id: 'notify', src: 'notify' }, after: { pause: 'idle' } },
          },
        },
        other: { initial: 'on', states: { on: {} } },
      },
    });
    const chart = statechart(machine);
    expect(chart).toContain('state demo {');
    expect(chart).toContain('  --');
    expect(chart).toContain('demo_form_idle --> demo_form_sent : form.submit [isAnswer(mail_sent)] / storeAnswer');
    expect(chart).toContain('demo_form_sent --> demo_form_idle : after pause (1500 ms)');
    expect(chart).toContain('demo_form_sent : invokes notify');
  });
});
