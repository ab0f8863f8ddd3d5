// The visitorActivity actor on real DOM events: the first sign of someone on the page reaches
// its machine; nothing does after it is stopped.
import { fireEvent } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { visitorActivity } from '../../../src/services/media/visitor-activity.actor.ts';

function listen() {
  const heard: string[] = [];
  const machine = setup({ actors: { visitorActivity } }).createMachine({
    invoke: { id: 'visitorActivity', src: 'visitorActivity' },
    on: { '*': { actions: ({ event }) => heard.push(event.type) } },
  });
  const actor = createActor(machine).start();
  return { heard, stop: () => actor.stop() };
}

it.each([
  ['a pointer movement', () => fireEvent.pointerMove(document.body)],
  ['a press', () => fireEvent.pointerDown(document.body)],
  ['a key', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
  ['a wheel', () => fireEvent.wheel(document.body)],
  ['a touch', () => fireEvent.touchStart(document.body)],
  ['a scroll', () => fireEvent.scroll(window)],
])('reports %s as visitor.act', (_, act) => {
  const { heard, stop } = listen();
  expect(heard).toEqual([]);
  act();
  expect(heard).toEqual(['visitor.act']);
  stop();
});

it('stops listening when stopped', () => {
  const { heard, stop } = listen();
  stop();
  fireEvent.pointerMove(document.body);
  expect(heard).toEqual([]);
});
