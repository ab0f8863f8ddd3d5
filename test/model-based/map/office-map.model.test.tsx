// officeMap, walked through the real office map view along every edge of the production
// machine's graph: nothing until the section is near, the key from the config (none: the static
// section stays), the Maps API's load (or its failure), then the map drawn by the real
// `googleMap` actor on a local stand-in of google.maps (markers, circles, the info window,
// bounds, pan and zoom recorded): the location menu, clicks on markers and circles, Google's
// "drawn" (`idle`) and a key Google refuses (`gm_authFailure`). Three variants: content's
// dropdown on the map; a list menu beside the map with every location circled (Maplace's
// `type: 'circle'`); and a single location, centred and opened, with no menu.
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { company } from '../../support/site-content.ts';
import { map } from '../../support/site-content.ts';
import { officeMapMachine } from '../../../src/machines/map/office-map.machine.ts';
import { LOCATION_CIRCLE, MARKER_ICON_SIZE_PX, mapLocations, type MapLocation, type MapType } from '../../../src/services/map/maplace.service.ts';
import { OFFICE_MAP_ID, OfficeMap } from '../../../src/views/map/office-map.view.tsx';
import { createMapsStandIn } from '../../support/google-maps-stand-in.ts';
import { describeModel, fakeCallbackActor, fakePromiseActor, sendBackFrom, type FakeCallbackActor, type FakePromiseActor, type StepExecutor } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof officeMapMachine>;

const { words } = map.interactive;
const standIn = createMapsStandIn();
const KEY = 'AIza-test-key';

const callback = <Input,>(fakes: Record<string, unknown>, src: string) => fakes[src] as FakeCallbackActor<Input>;
const promise = (fakes: Record<string, unknown>, src: string) => fakes[src] as FakePromiseActor;
const menu = () => screen.queryByRole('combobox', { name: words.menuLabel });
const listMenu = () => screen.queryByRole('navigation', { name: words.menuLabel });
const canvas = () => document.getElementById(OFFICE_MAP_ID)!;

/** The static section's illustration is always there; the map's box lies on it. */
function expectStatic(failure: string | null) {
  expect(screen.getByRole('img', { name: map.image.alt })).toBeInTheDocument();
  expect(canvas()).toBeInTheDocument();
  expect(menu()).toBeNull();
  expect(listMenu()).toBeNull();
  expect(screen.queryByRole('button', { name: words.showMap })).toBeNull();
  if (failure === null) expect(screen.queryByRole('status')).toBeNull();
  else expect(screen.getByRole('status')).toHaveTextContent(words.loadFailed.replace('%s', failure));
}

/** What the map was asked since the last view began (each view first closes the info window). */
function lastView(): string[] {
  const start = standIn.calls.lastIndexOf('close info');
  return start < 0 ? [] : standIn.calls.slice(start);
}

const infoCalls = (location: MapLocation) => (location.html === undefined ? [] : [`info ${location.html}`, `open on ${location.title}`]);

/** Maplace's view: View All fits every visible location (one is centred and opened); n pans to it. */
function expectedView(locations: readonly MapLocation[], view: number): string[] {
  const visible = locations.filter((location) => location.visible);
  if (view === 0 && visible.length === 1) return ['close info', `setCenter ${visible[0]!.lat}`, ...infoCalls(visible[0]!)];
  if (view === 0) return ['close info', `fitBounds ${visible.map((location) => location.lat).join(' ')}`];
  const location = locations[view - 1]!;
  return ['close info', ...infoCalls(location), `panTo ${location.lat}`, ...(location.zoom === undefined ? [] : [`setZoom ${location.zoom}`])];
}

type PickedBy = 'menu' | 'marker' | 'circle';

interface Variant {
  name: string;
  controls: 'dropdown' | 'list';
  controlsOn: 'map' | 'beside';
  type: MapType;
  locations: MapLocation[];
  /** How each sampled view is picked: from the menu or by a click on the map. */
  picks: Record<number, PickedBy>;
}

const offices = mapLocations(map.interactive.locations, company.offices, map.interactive.type);
const variants: Variant[] = [
  // Content's: the dropdown on the map, the head office circled.
  { name: 'dropdown on the map', controls: 'dropdown', controlsOn: 'map', type: 'marker', locations: offices, picks: { 0: 'menu', 1: 'circle', 2: 'menu', 3: 'marker' } },
  // Maplace's circle mode: every location a circle, the menu a list beside the map.
  {
    name: 'list beside, every location circled',
    controls: 'list',
    controlsOn: 'beside',
    type: 'circle',
    locations: mapLocations(map.interactive.locations.map(({ circle: _circle, ...location }) => location), company.offices, 'circle'),
    picks: { 0: 'menu', 1: 'menu', 2: 'circle', 3: 'marker' },
  },
  // One location: centred and opened, no menu; its marker still picks it.
  { name: 'one location', controls: 'dropdown', controlsOn: 'map', type: 'marker', locations: offices.slice(1, 2), picks: { 1: 'marker' } },
];

for (const variant of variants) {
  const { locations } = variant;
  const titles = [words.viewAll, ...locations.map((location) => location.title)];

  /** The menu's items and which one shows, whichever kind it is (none with one location). */
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

  const pick: StepExecutor = async ({ event, user }) => {
    const { view } = event as { view: number };
    const location = locations[view - 1];
    // Markers are made one per location, in order; a circle is found by its location's point.
    const clicked = {
      marker: () => standIn.markers[view - 1],
      circle: () => standIn.circles.find((circle) => (circle.options.center as { lat: number }).lat === location?.lat),
    };
    const by = variant.picks[view];
    if (by === 'marker' || by === 'circle') await act(async () => clicked[by]()!.listeners.get('click')!());
    else if (variant.controls === 'dropdown') await user.selectOptions(menu()!, String(view));
    else await user.click(within(listMenu()!).getByRole('link', { name: titles[view] }));
  };

  describeModel({
    machine: officeMapMachine,
    variant: variant.name,
    input: { locations, start: map.interactive.start, getCanvas: canvas, nearMarginPx: () => window.innerHeight },
    setup: () => standIn.reset(),
    eventSamples: [
      // MAP_LOAD=click (the default) offers the map; `visible` loads it at once.
      { type: 'xstate.done.actor.mapsKey', output: { key: KEY, load: 'click' } },
      { type: 'xstate.done.actor.mapsKey', output: { key: KEY, load: 'visible' } },
      { type: 'xstate.done.actor.mapsKey', output: { key: null, load: 'click' } },
      { type: 'xstate.error.actor.mapsKey', error: new Error('Request failed with status code 503') },
      { type: 'xstate.done.actor.mapsLoader', output: standIn.libraries },
      { type: 'xstate.error.actor.mapsLoader', error: new TypeError('Failed to fetch') },
      ...Object.keys(variant.picks).map((view) => ({ type: 'location.pick' as const, view: Number(view) })),
      { type: 'map.failed', reason: 'the map key was refused' },
      // The map as the real actor reports it: compared only as drawn or not.
      { type: 'map.ready', map: standIn.newMap() },
    ],
    serializeState: (snapshot: Snapshot) => `${JSON.stringify(snapshot.value)} ${snapshot.context.view}`,
    // The page's side is faked (the viewport, the config, Google's script); the map is the real actor's.
    fakes: {
      intersection: () => fakeCallbackActor(),
      mapsKey: () => fakePromiseActor(),
      mapsLoader: () => fakePromiseActor(),
    },
    render: (harness) => <OfficeMap controls={variant.controls} controlsOn={variant.controlsOn} locations={locations} {...harness} />,
    events: {
      'element.near': sendBackFrom('intersection'),
      'location.pick': pick,
      // The visitor presses "Show the map".
      'map.load': async ({ user }) => {
        await user.click(screen.getByRole('button', { name: words.showMap }));
        // The focus goes to the map's box, not to the page's start, as the button goes away.
        expect(document.activeElement).toBe(canvas());
      },
      // Google says it has drawn the map.
      'map.ready': async () => act(async () => standIn.maps.at(-1)!.listeners.get('idle')!()),
      // Google calls this global when it refuses the key.
      'map.failed': async () => act(async () => window.gm_authFailure!()),
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
      offered: ({ fakes }) => {
        // The button and what it sends to Google, over the illustration; Google asked nothing yet.
        expect(screen.getByRole('img', { name: map.image.alt })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: words.showMap })).toBeEnabled();
        expect(screen.getByText(words.showMapNote)).toBeInTheDocument();
        expect(promise(fakes, 'mapsLoader').instances).toHaveLength(0);
        expect(menu()).toBeNull();
      },
      loading: ({ fakes }) => {
        expect(screen.queryByRole('button', { name: words.showMap })).toBeNull();
        expect(screen.getByRole('status')).toHaveTextContent(words.loading);
        expect(screen.getByRole('img', { name: map.image.alt })).toBeInTheDocument();
        expect(menu()).toBeNull();
        expect(promise(fakes, 'mapsLoader').pending?.input).toEqual({ key: KEY });
        expect(standIn.maps).toHaveLength(0);
      },
      shown: ({ snapshot }) => {
        // One map in the box; a marker per location (hidden ones off the map), the icon's size.
        expect(standIn.maps).toHaveLength(1);
        expect(standIn.markers.map((marker) => [marker.options.title, marker.options.map !== null])).toEqual(locations.map((location) => [location.title, location.visible]));
        for (const [index, marker] of standIn.markers.entries()) {
          if (locations[index]!.image) expect(marker.options.icon).toMatchObject({ scaledSize: { width: MARKER_ICON_SIZE_PX } });
        }
        // The 100 m circles of #0000FF, where asked for (every location in circle mode).
        expect(standIn.circles.map((circle) => circle.options)).toEqual(
          locations.filter((location) => location.circle).map((location) => expect.objectContaining({ ...LOCATION_CIRCLE, center: { lat: location.lat, lng: location.lon } })),
        );
        // What the map shows: View All's bounds, the single location opened, or the picked one.
        expect(lastView()).toEqual(expectedView(locations, snapshot.context.view));
        // The menu: View All first, then each location on the menu; the view shown is marked.
        if (locations.length === 1) expect(menuState()).toBeNull();
        else {
          expect(menuState()).toEqual({ items: titles, chosen: titles[snapshot.context.view] });
          // With the map's own controls (over the map), or in a panel beside it in the same box.
          const menuElement = variant.controls === 'dropdown' ? menu()! : listMenu()!;
          expect(canvas().parentElement!.contains(menuElement)).toBe(variant.controlsOn === 'map');
          expect(canvas().closest('.map__canvas')!.contains(menuElement)).toBe(true);
        }
        expect(screen.getByRole('img', { name: map.image.alt })).toBeInTheDocument();
      },
      // The driving route's buttons come once Google has drawn the map.
      'shown.drawing': () => {
        expect(screen.queryByRole('button', { name: words.showRoute })).toBeNull();
      },
      'shown.drawn': () => {
        expect(screen.getByRole('button', { name: words.showRoute })).toBeInTheDocument();
      },
      unavailable: ({ fakes }) => {
        expectStatic(null);
        expect(promise(fakes, 'mapsLoader').instances).toHaveLength(0);
      },
      failed: ({ snapshot }) => {
        expectStatic(snapshot.context.failure);
        // A refused key: the map's objects are taken off it.
        if (standIn.maps.length > 0) expect(standIn.calls.filter((call) => call.startsWith('remove '))).toEqual(locations.map((location) => `remove ${location.title}`));
      },
    },
  });
}
