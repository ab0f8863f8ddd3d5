// officeMap, walked through the real office map view along every edge of the production
// machine's graph: nothing until the section is near, the key from the config (none: the static
// section stays), the Maps API's load (or its failure), then the location menu and the map's own
// marker clicks, and a key Google refuses. Google's objects live in the `googleMap` actor; a
// stand-in reports here as it does, and the real one draws on a stand-in Maps API in Chromium.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { company } from '../../content/index.ts';
import { map } from '../../content/home/map.ts';
import { officeMapMachine } from '../../src/machines/office-map.machine.ts';
import type { GoogleMapInput } from '../../src/services/google-map.actor.ts';
import { mapLocations } from '../../src/services/maplace.service.ts';
import { OFFICE_MAP_ID, OfficeMap } from '../../src/views/office-map.view.tsx';
import { createMapsStandIn } from '../support/google-maps-stand-in.ts';
import { describeModel, fakeCallbackActor, fakePromiseActor, sendBackFrom, type FakeCallbackActor, type FakePromiseActor } from './harness/index.ts';

type Snapshot = SnapshotFrom<typeof officeMapMachine>;

const { words } = map.interactive;
const locations = mapLocations(map.interactive.locations, company.offices);
/** Never drawn with: the map is the stand-in's. */
const libraries = { stands: 'in for google.maps' };
const KEY = 'AIza-test-key';
/** The map the googleMap stand-in reports as drawn (the route's actor is a stand-in too). */
const drawnMap = createMapsStandIn().newMap();

const callback = <Input,>(fakes: Record<string, unknown>, src: string) => fakes[src] as FakeCallbackActor<Input>;
const promise = (fakes: Record<string, unknown>, src: string) => fakes[src] as FakePromiseActor;
const sendFrom = sendBackFrom;
const menu = () => screen.queryByRole('combobox', { name: words.menuLabel });

/** The static section's illustration is always there; the map's box lies on it. */
function expectStatic(failure: string | null) {
  expect(screen.getByRole('img', { name: map.image.alt })).toBeInTheDocument();
  expect(document.getElementById(OFFICE_MAP_ID)).toBeInTheDocument();
  expect(menu()).toBeNull();
  expect(screen.queryByRole('navigation', { name: words.menuLabel })).toBeNull();
  if (failure === null) expect(screen.queryByRole('status')).toBeNull();
  else expect(screen.getByRole('status')).toHaveTextContent(words.loadFailed.replace('%s', failure));
}

const titles = [words.viewAll, ...locations.map((location) => location.title)];

/** The menu as it is drawn: a dropdown on the map (content's), or a list of links beside it. */
const variants = [
  { controls: 'dropdown', controlsOn: 'map' },
  { controls: 'list', controlsOn: 'beside' },
] as const;

for (const variant of variants) {
  const listMenu = () => screen.queryByRole('navigation', { name: words.menuLabel });
  /** The menu's items and which one shows, whichever kind it is. */
  function menuState(): { items: string[]; chosen: string | undefined } | null {
    if (variant.controls === 'dropdown') {
      const select = menu();
      if (!select) return null;
      const options = within(select).getAllByRole('option');
      return { items: options.map((option) => option.textContent ?? ''), chosen: options.find((option) => option instanceof HTMLOptionElement && option.selected)?.textContent ?? undefined };
    }
    const nav = listMenu();
    if (!nav) return null;
    const links = within(nav).getAllByRole('link');
    return { items: links.map((link) => link.textContent ?? ''), chosen: links.find((link) => link.getAttribute('aria-current') === 'true')?.textContent ?? undefined };
  }

  describeModel({
    machine: officeMapMachine,
    variant: `${variant.controls} ${variant.controlsOn}`,
    // The model's own input (the view gives the real one the same locations and start).
    input: { locations, start: map.interactive.start, getCanvas: () => document.getElementById(OFFICE_MAP_ID), nearMarginPx: () => window.innerHeight },
    eventSamples: [
      { type: 'xstate.done.actor.mapsKey', output: KEY },
      { type: 'xstate.done.actor.mapsKey', output: null },
      { type: 'xstate.error.actor.mapsKey', error: new Error('Request failed with status code 503') },
      { type: 'xstate.done.actor.mapsLoader', output: libraries },
      { type: 'xstate.error.actor.mapsLoader', error: new TypeError('Failed to fetch') },
      // From the menu: View All and a location; from the map: a marker's click.
      { type: 'location.pick', view: 0 },
      { type: 'location.pick', view: 2 },
      { type: 'location.pick', view: 3 },
      { type: 'map.failed', reason: 'the map key was refused' },
      { type: 'map.ready', map: drawnMap },
    ],
    serializeState: (snapshot: Snapshot) => `${JSON.stringify(snapshot.value)} ${snapshot.context.view} ${snapshot.context.map === null ? 'no map' : 'drawn'}`,
    fakes: {
      intersection: () => fakeCallbackActor(),
      mapsKey: () => fakePromiseActor(),
      mapsLoader: () => fakePromiseActor(),
      googleMap: () => fakeCallbackActor(),
    },
    render: (harness) => <OfficeMap controls={variant.controls} controlsOn={variant.controlsOn} {...harness} />,
    events: {
      'element.near': sendFrom('intersection'),
      'location.pick': async (step) => {
        const { view } = step.event as { view: number };
        if (view === 3) {
          await sendFrom('googleMap')(step);
          return;
        }
        if (variant.controls === 'dropdown') await step.user.selectOptions(menu()!, String(view));
        else await step.user.click(within(listMenu()!).getByRole('link', { name: titles[view] }));
      },
      'map.failed': sendFrom('googleMap'),
      'map.ready': sendFrom('googleMap'),
    },
    states: {
      distant: ({ fakes }) => {
        expectStatic(null);
        // Nothing asked of anyone but the page: watching for the section within a screen height.
        expect(callback<{ marginPx: number }>(fakes, 'intersection').running?.input.marginPx).toBe(window.innerHeight);
        expect(promise(fakes, 'mapsKey').instances).toHaveLength(0);
      },
      configuring: ({ fakes }) => {
        expectStatic(null);
        expect(promise(fakes, 'mapsKey').pending).toBeDefined();
        expect(promise(fakes, 'mapsLoader').instances).toHaveLength(0);
      },
      loading: ({ fakes }) => {
        expectStatic(null);
        expect(promise(fakes, 'mapsLoader').pending?.input).toEqual({ key: KEY });
      },
      shown: ({ snapshot, fakes }) => {
        const running = callback<GoogleMapInput>(fakes, 'googleMap').running;
        expect(running?.input).toMatchObject({ locations, libraries, view: map.interactive.start });
        expect(running?.input.getCanvas()).toBe(document.getElementById(OFFICE_MAP_ID));
        // The menu: View All first, then each location on the menu; the view shown is marked.
        expect(menuState()).toEqual({ items: titles, chosen: titles[snapshot.context.view] });
        // With the map's own controls (on the map's box), or beside it (before the box).
        const box = document.getElementById(OFFICE_MAP_ID)!.parentElement!;
        const menuElement = variant.controls === 'dropdown' ? menu()! : listMenu()!;
        expect(box.contains(menuElement)).toBe(variant.controlsOn === 'map');
        // Each pick reached the map (the stand-in got it after its start).
        const commands = running?.received ?? [];
        if (snapshot.context.view !== map.interactive.start) expect(commands.at(-1)).toEqual({ type: 'map.show', view: snapshot.context.view });
        expect(screen.getByRole('img', { name: map.image.alt })).toBeInTheDocument();
        // Once the map is drawn, the driving route's buttons are on it.
        const routeButton = screen.queryByRole('button', { name: words.showRoute });
        if (snapshot.context.map === null) expect(routeButton).toBeNull();
        else expect(routeButton).toBeInTheDocument();
      },
      unavailable: ({ fakes }) => {
        expectStatic(null);
        expect(promise(fakes, 'mapsLoader').instances).toHaveLength(0);
      },
      failed: ({ snapshot, fakes }) => {
        expectStatic(snapshot.context.failure);
        expect(callback(fakes, 'googleMap').running).toBeUndefined();
      },
    },
  });
}
