// The sectionUse actor on real DOM events: each way a visitor uses or targets a prerendered
// section reaches its machine, heard on the document before React's own listener; what happens
// outside the section does not.
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { isTargetIn, sectionUse } from '../../../src/services/theme/section-use.actor.ts';

function listen() {
  const heard: string[] = [];
  const machine = setup({ actors: { sectionUse } }).createMachine({
    invoke: { id: 'sectionUse', src: 'sectionUse', input: { getElement: () => document.getElementById('work') } },
    on: { '*': { actions: ({ event }) => heard.push(event.type) } },
  });
  const actor = createActor(machine).start();
  return { heard, stop: () => actor.stop() };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = `
    <a id="to-work" href="#work-title">Our work</a><a id="elsewhere" href="#contact">Contact</a>
    <section id="work"><h2 id="work-title">Our work</h2><button>Filter</button><div id="more" hidden="until-found">More</div></section>
    <section id="contact"><button>Send</button></section>`;
});
afterEach(() => {
  document.body.innerHTML = '';
});

const inside = () => document.querySelector('#work button')!;
const outside = () => document.querySelector('#contact button')!;

it.each([
  ['a press', () => fireEvent.pointerDown(inside())],
  ['a click with no press before it (as assistive technology sends one)', () => fireEvent.click(inside())],
  ['a key', () => fireEvent.keyDown(inside(), { key: 'Enter' })],
  ['the focus', () => fireEvent.focusIn(inside())],
  ['a find-in-page match', () => fireEvent(document.getElementById('more')!, new Event('beforematch'))],
])('hears %s inside the section as section.use', (_, act) => {
  const { heard, stop } = listen();
  act();
  expect(heard).toEqual(['section.use']);
  stop();
});

it('ignores the same outside the section', () => {
  const { heard, stop } = listen();
  fireEvent.pointerDown(outside());
  fireEvent.click(outside());
  fireEvent.keyDown(outside(), { key: 'Enter' });
  fireEvent.focusIn(outside());
  expect(heard).toEqual([]);
  stop();
});

it('hears a press even when a listener below the document stops it (as React does for parts it has not hydrated)', () => {
  document.body.addEventListener('pointerdown', (event) => event.stopPropagation(), { capture: true });
  const { heard, stop } = listen();
  fireEvent.pointerDown(inside());
  expect(heard).toEqual(['section.use']);
  stop();
});

it('reports section.target for a link to something inside it, not for a link elsewhere', () => {
  const { heard, stop } = listen();
  fireEvent.click(document.getElementById('elsewhere')!);
  expect(heard).toEqual([]);
  fireEvent.click(document.getElementById('to-work')!);
  expect(heard).toEqual(['section.target']);
  stop();
});

it('reports section.target when the fragment changes to it', () => {
  const { heard, stop } = listen();
  window.location.hash = '#contact';
  fireEvent(window, new HashChangeEvent('hashchange'));
  expect(heard).toEqual([]);
  window.location.hash = '#more';
  fireEvent(window, new HashChangeEvent('hashchange'));
  expect(heard).toEqual(['section.target']);
  stop();
});

it('reports section.target at once when the page opens on it', () => {
  window.history.replaceState(null, '', '/#work-title');
  const { heard, stop } = listen();
  expect(heard).toEqual(['section.target']);
  stop();
});

it('stops listening when stopped', () => {
  const { heard, stop } = listen();
  stop();
  fireEvent.pointerDown(inside());
  expect(heard).toEqual([]);
});

it('reads fragments as ids, decoded, and refuses a broken one', () => {
  const section = document.getElementById('work')!;
  expect(isTargetIn(section, '#work')).toBe(true);
  expect(isTargetIn(section, '#work%2Dtitle')).toBe(true);
  expect(isTargetIn(section, '#')).toBe(false);
  expect(isTargetIn(section, '#%E0%A4%A')).toBe(false);
  expect(isTargetIn(section, '#contact')).toBe(false);
});
