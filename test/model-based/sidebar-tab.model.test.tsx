// sidebarTab, walked through the real <SidebarTabView> for each of the plugin's `label_vis`
// settings: no tab in the prerendered page, then at once (visible, hidden_500), after the first
// scroll (scroll, this site's choice: the real first-scroll actor, a real scroll event) or never.
import { fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { expect } from 'vitest';
import { sidebarContact } from '../../content/sidebar-contact.ts';
import type { SidebarContactOptions } from '../../content/structs/sidebar-contact.struct.ts';
import { sidebarTabMachine } from '../../src/machines/sidebar-tab.machine.ts';
import { SidebarTabView } from '../../src/views/sidebar-tab.view.tsx';
import { describeModel, fakeCallbackActor, type FakeCallbackActor } from './harness/index.ts';

const tab = () => screen.queryByRole('button', { name: sidebarContact.labelText });

for (const visibility of ['scroll', 'visible', 'hidden_500', 'hidden'] as const) {
  const options: SidebarContactOptions = { ...sidebarContact.options, label_vis: visibility };
  describeModel({
    machine: sidebarTabMachine,
    variant: visibility,
    input: { visibility },
    fakes: { hydrated: () => fakeCallbackActor() },
    render: (props) => (
      <SidebarTabView options={options} labelText={sidebarContact.labelText} controls="ncf_sidebar" expanded={false} onOpen={() => undefined} tabRef={createRef()} {...props} />
    ),
    events: {
      'view.hydrate': ({ fakes }) => (fakes.hydrated as FakeCallbackActor).running?.sendBack({ type: 'view.hydrate' }),
      'page.scroll': () => {
        fireEvent.scroll(window);
      },
    },
    states: {
      static: () => expect(tab()).toBeNull(),
      waitingForScroll: () => expect(tab()).toBeNull(),
      hidden: () => expect(tab()).toBeNull(),
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
