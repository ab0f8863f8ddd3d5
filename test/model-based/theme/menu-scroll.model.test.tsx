// menuScroll, walked through the real <MenuScroll> + <SectionLink> views along every edge of the
// production machine's graph, once per menu layout.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { menuScrollMachine, type MenuLayout } from '../../../src/machines/theme/menu-scroll.machine.ts';
import {
  MENU_DESKTOP_MIN_WIDTH_PX,
  MENU_SCROLL_DURATION_MS,
  MENU_SCROLL_OFFSET_LEFT_NAVBAR_PX,
  MENU_SCROLL_OFFSET_PX,
} from '../../../src/machines/shared/theme.constants.ts';
import { MenuScroll, SectionLink } from '../../../src/views/theme/menu-scroll.view.tsx';
import {
  describeModel,
  fakeCallbackActor,
  fakePromiseActor,
  isViewportChange,
  setViewport,
  viewportSteps,
  type FakeCallbackActor,
  type FakePromiseActor,
} from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof menuScrollMachine>;

const scroller = (fakes: Record<string, unknown>) => fakes.scrollToSection as FakePromiseActor;
const motion = (fakes: Record<string, unknown>) => fakes.reducedMotion as FakeCallbackActor;
const section = () => document.getElementById('about');
const link = () => screen.getByRole('link', { name: 'About us' });

/** Where the section must land: the layout's offset, the sidebar's only on wide screens. */
function expectedOffset(layout: MenuLayout, width: number) {
  return layout === 'left-navbar' && width >= MENU_DESKTOP_MIN_WIDTH_PX ? MENU_SCROLL_OFFSET_LEFT_NAVBAR_PX : MENU_SCROLL_OFFSET_PX;
}

/** The window's width when the link was clicked: the landing place is computed then. */
let widthAtClick = 0;

function expectMoving(fakes: Record<string, unknown>, layout: MenuLayout, duration: number) {
  expect(scroller(fakes).pending?.input).toEqual({ id: 'about', offset: expectedOffset(layout, widthAtClick), duration });
  // The page has not arrived: the focus is still on the link the visitor clicked.
  expect(link()).toHaveFocus();
}

for (const layout of ['top', 'left-navbar'] as const) {
  describeModel({
    machine: menuScrollMachine,
    variant: layout,
    input: { sectionIds: ['about', 'services'], layout },
    eventSamples: [
      { type: 'link.click', href: '/#about' },
      // Below and above the desktop breakpoint; the window starts at 375 px (see setup).
      { type: 'viewport.resize', width: MENU_DESKTOP_MIN_WIDTH_PX - 193 },
      { type: 'viewport.resize', width: MENU_DESKTOP_MIN_WIDTH_PX + 287 },
      { type: 'xstate.error.actor.scrollToSection', error: new Error('there is no section #about on this page') },
    ],
    serializeState: (snapshot: Snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        target: snapshot.context.target,
        wide: snapshot.context.width >= MENU_DESKTOP_MIN_WIDTH_PX,
      }),
    // Only the sidebar layout's offset depends on the width: the top layout skips resizes.
    filterEvents: (snapshot, event) => isViewportChange(snapshot, event) && (layout === 'left-navbar' || event.type !== 'viewport.resize'),
    fakes: {
      // jsdom cannot scroll; scroll-to and section-scroll are unit-tested on their own.
      scrollToSection: () => fakePromiseActor(),
      reducedMotion: () => fakeCallbackActor(),
    },
    setup: () => {
      setViewport({ scrollY: 0, width: 375 });
      window.history.replaceState(null, '', '/');
    },
    render: (props) => (
      <MenuScroll sectionIds={['about', 'services']} layout={layout} {...props}>
        <nav aria-label="Main menu">
          <SectionLink href="/#about">About us</SectionLink>
        </nav>
        <main>
          <section id="about" aria-labelledby="about-title">
            <h2 id="about-title">About</h2>
          </section>
        </main>
      </MenuScroll>
    ),
    events: {
      ...viewportSteps,
      'link.click': async ({ user }) => {
        widthAtClick = window.innerWidth;
        await user.click(link());
      },
      // The operating system's setting changing, as the reducedMotion actor reports it.
      'motion.reduce': ({ fakes }) => motion(fakes).running?.sendBack({ type: 'motion.reduce' }),
      'motion.allow': ({ fakes }) => motion(fakes).running?.sendBack({ type: 'motion.allow' }),
    },
    states: {
      'motion.animated': ({ fakes }) => {
        expect(motion(fakes).running, 'the motion preference is followed').toBeDefined();
      },
      'motion.reduced': ({ fakes }) => {
        expect(motion(fakes).running, 'the motion preference is followed').toBeDefined();
      },
      'navigation.idle': ({ snapshot, fakes }) => {
        expect(scroller(fakes).pending).toBeUndefined();
        if (snapshot.context.target === null) {
          // Never arrived (or the section went missing): the address bar is untouched.
          expect(window.location.hash).toBe('');
        } else {
          // Arrived: the section has the focus (Tab continues from it) and the address its anchor.
          expect(section()).toHaveFocus();
          expect(section()).toHaveAttribute('tabindex', '-1');
          expect(window.location.hash).toBe('#about');
        }
      },
      'navigation.scrolling': ({ fakes }) => expectMoving(fakes, layout, MENU_SCROLL_DURATION_MS),
      'navigation.jumping': ({ fakes }) => expectMoving(fakes, layout, 0),
    },
  });
}
