// mobileMenu, walked through the real <MobileMenu> view along every edge of the production
// machine's graph, with the real viewport and pageInert actors.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { mobileMenuMachine } from '../../../src/machines/theme/mobile-menu.machine.ts';
import { MENU_DESKTOP_MIN_WIDTH_PX } from '../../../src/machines/shared/theme.constants.ts';
import { MobileMenu } from '../../../src/views/theme/mobile-menu.view.tsx';
import { describeModel, isViewportChange, setViewport, viewportSteps } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof mobileMenuMachine>;

const toggle = () => screen.getByRole('button', { name: 'Menu' });
const menuLink = () => screen.getByRole('link', { name: 'About' });
/** The rest of the page: the brand before the menu and the content after it. */
const outside = () => [document.getElementById('brand')!, document.querySelector('main')!];

describeModel({
  machine: mobileMenuMachine,
  input: { containerId: 'mobile-menu' },
  // Below and above the desktop breakpoint; the window starts at 375 px (see setup).
  eventSamples: [
    { type: 'viewport.resize', width: MENU_DESKTOP_MIN_WIDTH_PX - 193 },
    { type: 'viewport.resize', width: MENU_DESKTOP_MIN_WIDTH_PX + 287 },
  ],
  serializeState: (snapshot: Snapshot) =>
    JSON.stringify({ value: snapshot.value, wide: snapshot.context.width >= MENU_DESKTOP_MIN_WIDTH_PX }),
  filterEvents: isViewportChange,
  setup: () => setViewport({ scrollY: 0, width: 375 }),
  render: (props) => (
    <>
      <a id="brand" href="/">
        Lumina
      </a>
      <MobileMenu label="Main menu" {...props}>
        <ul>
          <li>
            <a href="#about">About</a>
          </li>
        </ul>
      </MobileMenu>
      <main>
        <a href="#contact">Contact us</a>
      </main>
    </>
  ),
  events: {
    ...viewportSteps,
    'toggle.click': ({ user }) => user.click(toggle()),
    'key.escape': async ({ user }) => {
      // From inside the menu, not from the toggle, so the focus really has to come back.
      menuLink().focus();
      await user.keyboard('{Escape}');
      expect(toggle(), 'Escape returns the focus to the toggle').toHaveFocus();
    },
    'link.click': ({ user }) => user.click(menuLink()),
  },
  states: {
    closed: () => {
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(toggle()).toHaveAttribute('aria-controls', 'main-menu');
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toHaveAttribute('id', 'main-menu');
      expect(document.getElementById('mobile-menu')).not.toHaveClass('is-open');
      // The page is usable again.
      expect(document.querySelectorAll('[inert]')).toHaveLength(0);
    },
    open: () => {
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(document.getElementById('mobile-menu')).toHaveClass('is-open');
      expect(menuLink()).toBeVisible();
      // Everything but the toggle and the menu is inert: Tab and screen readers stay inside.
      for (const element of outside()) expect(element).toHaveAttribute('inert');
      expect(document.getElementById('mobile-menu')!.closest('[inert]')).toBeNull();
    },
  },
});
