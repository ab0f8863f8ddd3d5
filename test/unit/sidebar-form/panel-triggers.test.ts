// The panel's triggers: a click on an element with the plugin's class (or one the content's
// togglers name) becomes `trigger.click` and does not follow the link; other clicks, and clicks
// with a modifier (open in a new tab), are left to the browser.
import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { panelTriggers, triggerSelector } from '../../../src/services/sidebar-form/panel-triggers.actor.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function listen(togglers: string) {
  const received: EventObject[] = [];
  const parent = createMachine({ invoke: { id: 'panelTriggers', src: panelTriggers, input: { togglers } }, on: { '*': { actions: ({ event }) => received.push(event) } } });
  const actor = createActor(parent).start();
  return { received, stop: () => actor.stop() };
}

describe('panelTriggers', () => {
  it('builds the selector from the plugin class and the togglers', () => {
    expect(triggerSelector('')).toBe('.ncf_trigger_element');
    expect(triggerSelector('#quote-button')).toBe('.ncf_trigger_element, #quote-button');
  });

  it('turns a click on a trigger (or inside one) into trigger.click and keeps the page where it is', () => {
    document.body.innerHTML = '<a class="ncf_trigger_element" href="#contact"><span>Ask us</span></a><a id="quote" href="#contact">Quote</a><a href="#about">About</a>';
    const { received, stop } = listen('#quote');
    const inner = document.querySelector('span')!;
    expect(fireEvent.click(inner)).toBe(false);
    expect(fireEvent.click(document.getElementById('quote')!)).toBe(false);
    expect(fireEvent.click(document.querySelector('a[href="#about"]')!)).toBe(true);
    expect(fireEvent.click(document.querySelector('.ncf_trigger_element')!, { ctrlKey: true })).toBe(true);
    expect(received.filter((event) => event.type === 'trigger.click')).toHaveLength(2);
    stop();
    expect(fireEvent.click(inner)).toBe(true);
  });
});
