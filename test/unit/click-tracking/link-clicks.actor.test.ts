// The document's link listener: clicks and middle clicks on links become `link.followed`; a right
// click, a click beside a link and an untracked link do not.
import { afterEach, expect, it } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { linkClicks } from '../../../src/services/click-tracking/link-clicks.actor.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

it('sends link.followed for a click and a middle click on a link, with the page URL', () => {
  document.body.innerHTML = '<p id="text">Text</p><a id="in" href="/#faq"><span id="label">FAQ</span></a><a id="no" class="no-ttc" href="/x">No</a>';
  const received: EventObject[] = [];
  const parent = createActor(
    createMachine({
      invoke: { src: linkClicks },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    }),
  ).start();
  const label = document.getElementById('label')!;
  // Stop the click before it reaches the link: capture still sees it (and jsdom cannot navigate).
  document.addEventListener('click', (event) => event.preventDefault());
  label.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
  label.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
  label.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 2 }));
  document.getElementById('text')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  document.getElementById('no')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const followed = { type: 'link.followed', link: { target: `${location.origin}/#faq`, anchor: 'FAQ' }, location: location.href };
  expect(received).toEqual([followed, followed]);
  parent.stop();
  label.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  expect(received).toHaveLength(2);
});
