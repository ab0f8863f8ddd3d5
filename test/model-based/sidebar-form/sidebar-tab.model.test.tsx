// sidebarTab, walked through the real <SidebarTabView> for each of the plugin's `label_vis`
// settings: no tab in the prerendered page, then at once (visible, hidden_500), after the first
// scroll (scroll, this site's choice: the real first-scroll actor, a real scroll event) or never.
// With `scroll`, twice: a visitor at the top when the application starts waits for the tab
// until they scroll; one who has already scrolled (before the application ran, an arrival at
// /#contact, a position the browser restored) sees it at once, which the actor reports as it
// starts (`page.scrolled`). Only a visitor at the top of the page is ever kept waiting.
import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { expect } from 'vitest';
import { sidebarContact } from '../../support/site-content.ts';
import type { SidebarContactOptions } from '../../../content/structs/sidebar-contact.struct.ts';
import { sidebarTabMachine } from '../../../src/machines/sidebar-form/sidebar-tab.machine.ts';
import { SidebarTabView } from '../../../src/views/sidebar-form/sidebar-tab.view.tsx';
import { describeModel, fakeCallbackActor, scrollWindowTo, setViewport, type FakeCallbackActor } from '../harness/index.ts';

const tab = () => screen.queryByRole('button', { name: sidebarContact.labelText });

/** Where the visitor is when the application starts (the prerendered page scrolls without it). */
const SCROLLED_BEFORE_HYDRATION_PX = 400;
/** A later scroll by the visitor. */
const LATER_SCROLL_PX = 300;

const models = [
  { visibility: 'scroll', startY: 0, variant: 'scroll, at the top as the application starts' },
  { visibility: 'scroll', startY: SCROLLED_BEFORE_HYDRATION_PX, variant: 'scroll, scrolled before the application ran' },
  { visibility: 'visible', startY: 0, variant: 'visible' },
  { visibility: 'hidden_500', startY: 0, variant: 'hidden_500' },
  { visibility: 'hidden', startY: 0, variant: 'hidden' },
] as const;

for (const { visibility, startY, variant } of models) {
  const options: SidebarContactOptions = { ...sidebarContact.options, label_vis: visibility };
  describeModel({
    machine: sidebarTabMachine,
    variant,
    input: { visibility },
    setup: () => setViewport({ scrollY: startY }),
    // On a page at the top the actor cannot report it already scrolled; on a scrolled one it
    // does as it starts, and the machine no longer waits for a later scroll.
    filterEvents: (_, event) => event.type !== (startY === 0 ? 'page.scrolled' : 'page.scroll'),
    reportedOnStart: ['page.scrolled'],
    fakes: { hydrated: () => fakeCallbackActor() },
    render: (props) => (
      <SidebarTabView options={options} labelText={sidebarContact.labelText} controls="ncf_sidebar" expanded={false} onOpen={() => undefined} tabRef={createRef()} {...props} />
    ),
    events: {
      'view.hydrate': ({ fakes }) => (fakes.hydrated as FakeCallbackActor).running?.sendBack({ type: 'view.hydrate' }),
      'page.scroll': () => scrollWindowTo(LATER_SCROLL_PX),
    },
    states: {
      static: () => expect(tab()).toBeNull(),
      waitingForScroll: () => {
        expect(tab()).toBeNull();
        // A visitor who has scrolled is never left waiting for another scroll.
        expect(window.scrollY, 'the page is at the top while the tab waits').toBe(0);
      },
      hidden: () => {
        expect(tab()).toBeNull();
        // Only the content's `hidden` keeps the tab away for good.
        expect(options.label_vis).toBe('hidden');
      },
      shown: () => {
        const button = tab()!;
        expect(button).toBeVisible();
        expect(button).toHaveAttribute('aria-haspopup', 'dialog');
        expect(button).toHaveAttribute('aria-controls', 'ncf_sidebar');
        expect(button).toHaveAttribute('aria-expanded', 'false');
        // At the content's height on the screen's edge, in the theme's colours.
        expect(button.style.top).toBe(options.label_top);
        expect(button).toHaveClass(`ncf_tab--${options.sidebar_pos}`, `ncf-theme--${options.theme}`);
        // hidden_500: the CSS hides it at 500 px and below; scroll: it fades in.
        expect(button.classList.contains('ncf_tab--hidden-500')).toBe(visibility === 'hidden_500');
        expect(button.classList.contains('ncf_tab--fade-in')).toBe(visibility === 'scroll');
      },
    },
  });
}
