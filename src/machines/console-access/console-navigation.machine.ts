// The console's navigation on a phone (README.md, "The console"): below the console's
// breakpoint its links fold behind a "Menu" button, so the page's content starts within the
// first screen. Open, the list pushes the page down (nothing is covered, so nothing is made
// inert); it closes on the button, on Escape (the focus goes back to the button) and on a link
// (the console moves to that page). From the breakpoint up the stylesheet shows the links and
// hides the button whatever the state, so the machine needs no width.
import { emit, setup } from 'xstate';

export type ConsoleNavigationEvent = { type: 'toggle.click' } | { type: 'key.escape' } | { type: 'link.click' };

/** Signals to the view: put the keyboard focus back on the menu button. */
export type ConsoleNavigationEmitted = { type: 'focus.toggle' };

export const consoleNavigationMachine = setup({
  types: {
    events: {} as ConsoleNavigationEvent,
    emitted: {} as ConsoleNavigationEmitted,
  },
  actions: {
    focusToggle: emit({ type: 'focus.toggle' } as const),
  },
}).createMachine({
  id: 'consoleNavigation',
  initial: 'closed',
  states: {
    closed: {
      on: { 'toggle.click': 'open' },
    },
    open: {
      tags: ['expanded'],
      on: {
        'toggle.click': 'closed',
        'key.escape': { target: 'closed', actions: 'focusToggle' },
        'link.click': 'closed',
      },
    },
  },
});
