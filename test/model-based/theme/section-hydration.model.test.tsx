// sectionHydration, walked through the real <DeferredSection> along every edge of the production
// machine's graph: prerendered and hydrated, as the browser opens a built page (the section's
// HTML stays as it is, its code not running, until the section comes near the viewport, is used
// or is targeted), and rendered by the browser itself (live at once). Nearness is a fake the
// steps drive (the intersection actor is unit-tested on its own); use and targeting run the real
// sectionUse actor on real DOM events.
import { screen } from '@testing-library/react';
import { StrictMode, useEffect, useRef } from 'react';
import { expect, vi } from 'vitest';
import { sectionHydrationMachine } from '../../../src/machines/theme/section-hydration.machine.ts';
import { SECTION_HYDRATE_MARGIN_PX } from '../../../src/machines/shared/theme.constants.ts';
import { DeferredSection } from '../../../src/views/theme/deferred-section.view.tsx';
import { describeModel, fakeCallbackActor, sendBackFrom, type FakeCallbackActor } from '../harness/index.ts';

/** A section whose code marks it once it runs: an effect, which only hydrated code has. */
function DemoSection() {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    section.current?.setAttribute('data-running', 'yes');
  }, []);
  return (
    <section id="demo" ref={section} aria-labelledby="demo-title">
      <h2 id="demo-title">Our work</h2>
      <p>Prerendered words, readable before any script runs.</p>
      <button type="button">Filter</button>
    </section>
  );
}

const render = (props: { logic: typeof sectionHydrationMachine; inspect: Parameters<typeof DeferredSection>[0]['inspect'] }) => (
  <>
    <nav>
      <a href="#demo-title">To our work</a>
    </nav>
    <DeferredSection sectionId="demo" {...props}>
      <DemoSection />
    </DeferredSection>
  </>
);

const section = () => document.getElementById('demo');
const intersection = (fakes: Record<string, unknown>) => fakes.intersection as FakeCallbackActor<{ getElement: () => Element | null; marginPx: number }>;

const states = {
  prerendered: ({ fakes }: { fakes: Record<string, unknown> }) => {
    // The prerendered HTML, readable, its code not running.
    expect(screen.getByRole('heading', { name: 'Our work' })).toBeVisible();
    expect(section()).not.toHaveAttribute('data-running');
    const watching = intersection(fakes).running;
    expect(watching?.input.marginPx).toBe(SECTION_HYDRATE_MARGIN_PX);
    expect(watching?.input.getElement()).toBe(section());
  },
  live: async ({ fakes }: { fakes: Record<string, unknown> }) => {
    expect(screen.getByRole('heading', { name: 'Our work' })).toBeVisible();
    // React hydrates the section once the machine is live (a retry of its boundary).
    await vi.waitFor(() => expect(section()).toHaveAttribute('data-running', 'yes'));
    expect(intersection(fakes).running, 'no longer watching').toBeUndefined();
  },
};

// Strict mode as in development builds: effects run, are undone and run again (the actor is
// stopped and restarted), and the section must still hydrate.
for (const [variant, prerender, strict] of [
  ['prerendered page', true, false],
  ['prerendered page, strict mode', true, true],
  ['rendered by the browser', false, false],
] as const) {
  describeModel({
    machine: sectionHydrationMachine,
    variant,
    prerender,
    // The model's graph: the view finds the element and whether it was prerendered itself.
    input: { getElement: () => null, prerendered: prerender },
    setup: () => {
      window.history.replaceState(null, '', '/');
    },
    fakes: { intersection: () => fakeCallbackActor() },
    render: (props) => (strict ? <StrictMode>{render(props)}</StrictMode> : render(props)),
    events: {
      'element.near': sendBackFrom('intersection'),
      // A press inside the section; its other uses (a key, the focus, a find-in-page match) and
      // targets (the address's fragment) are the sectionUse actor's unit test.
      'section.use': ({ user }) => user.click(screen.getByRole('button', { name: 'Filter' })),
      'section.target': ({ user }) => user.click(screen.getByRole('link', { name: 'To our work' })),
    },
    states,
  });
}
