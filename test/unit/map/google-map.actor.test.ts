// The office map's Google side against a stand-in of the Maps libraries (the objects and calls
// the actor uses, recorded): markers, the 100 m circle, View All's bounds, a location's info
// window, pan and zoom, clicks reported, a refused key, and the loader's one setOptions.
import { createActor, setup } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { company } from '../../support/site-content.ts';
import { googleMap } from '../../../src/services/map/google-map.actor.ts';
import { LOCATION_CIRCLE, mapLocations } from '../../../src/services/map/maplace.service.ts';
import { createMapsStandIn } from '../../support/google-maps-stand-in.ts';

const standIn = createMapsStandIn();
const { libraries, calls, markers, circles } = standIn;

const locations = mapLocations(
  [
    { officeId: 'midrand', title: 'Midrand', html: '<b>%title</b> %index', zoom: 15, circle: true, image: '/icons/pin.svg' },
    { officeId: 'cape-town', title: 'Cape Town' },
    { officeId: 'durban', title: 'Durban', html: 'Durban', visible: false },
  ],
  company.offices,
);

function start(view: number, canvas: HTMLElement | null = document.createElement('div')) {
  const reported: unknown[] = [];
  const parent = createActor(
    setup({ actors: { googleMap } }).createMachine({
      invoke: { id: 'googleMap', src: 'googleMap', input: { getCanvas: () => canvas, locations, libraries, view } },
      on: { '*': { actions: ({ event }) => reported.push(event) } },
    }),
  );
  parent.start();
  const child = parent.getSnapshot().children.googleMap!;
  return { parent, child, reported };
}

afterEach(() => standIn.reset());

describe('the office map on Google Maps', () => {
  it('draws a marker per location (hidden ones off the map), the 32 px icon anchored at its centre, the 100 m circle', () => {
    const { parent } = start(0);
    expect(markers.map((marker) => [marker.options.title, marker.options.map !== null])).toEqual([
      ['Midrand', true],
      ['Cape Town', true],
      ['Durban', false],
    ]);
    expect(markers[0]!.options.icon).toMatchObject({ scaledSize: { width: 32, height: 32 }, anchor: { x: 16, y: 16 } });
    expect(markers[1]!.options.icon).toBeUndefined();
    expect(circles).toHaveLength(1);
    expect(circles[0]!.options).toMatchObject({ ...LOCATION_CIRCLE, center: { lat: locations[0]!.lat, lng: locations[0]!.lon }, clickable: true });
    parent.stop();
    expect(calls).toContain('remove Midrand');
  });

  it('shows View All as the bounds of the visible locations, and a location with its info window, pan and zoom', () => {
    const { parent, child } = start(0);
    expect(calls.slice(1)).toEqual(['close info', `fitBounds ${locations[0]!.lat} ${locations[1]!.lat}`]);
    calls.length = 0;
    child.send({ type: 'map.show', view: 1 });
    expect(calls).toEqual(['close info', 'info <b>Midrand</b> 1', 'open on Midrand', `panTo ${locations[0]!.lat}`, 'setZoom 15']);
    calls.length = 0;
    // No html, no zoom: the window closes, the map pans.
    child.send({ type: 'map.show', view: 2 });
    expect(calls).toEqual(['close info', `panTo ${locations[1]!.lat}`]);
    parent.stop();
  });

  it('reports the drawn map once, clicks on a marker and on the circle as picks, and a refused key as a failure', () => {
    const { parent, reported } = start(2);
    // Not ready until Google has drawn it (its first idle); later idles (after a pan) say nothing.
    expect(reported).toEqual([]);
    const idle = () => standIn.maps[0]!.listeners.get('idle')?.();
    idle();
    idle();
    expect(standIn.maps[0]!.listeners.has('idle')).toBe(false);
    markers[1]!.listeners.get('click')!();
    circles[0]!.listeners.get('click')!();
    window.gm_authFailure!();
    expect(reported).toEqual([
      // The drawn map, for the driving route.
      { type: 'map.ready', map: expect.any(standIn.MapClass) },
      { type: 'location.pick', view: 2 },
      { type: 'location.pick', view: 1 },
      { type: 'map.failed', reason: 'the map key was refused' },
    ]);
    parent.stop();
    expect(window.gm_authFailure).toBeUndefined();
  });

  it('fails without a place to draw', () => {
    const { parent, reported } = start(0, null);
    expect(reported).toEqual([{ type: 'map.failed', reason: 'no place to draw it' }]);
    parent.stop();
  });
});

describe('the Maps API loader', () => {
  it('sets the key once and imports each library once per page; a failed load may be tried again', async () => {
    vi.resetModules();
    let offline = true;
    const importLibrary = vi.fn(async (name: string) => {
      if (offline) throw new TypeError('Failed to fetch');
      return { name };
    });
    const setOptions = vi.fn();
    vi.doMock('@googlemaps/js-api-loader', () => ({ importLibrary, setOptions }));
    const { loadMapsLibraries } = await import('../../../src/services/map/maps-loader.actor.ts');
    await expect(loadMapsLibraries('key-1')).rejects.toThrow('Failed to fetch');
    offline = false;
    importLibrary.mockClear();
    const first = await loadMapsLibraries('key-1');
    const second = await loadMapsLibraries('key-1');
    expect(second).toBe(first);
    expect(setOptions).toHaveBeenCalledTimes(1);
    expect(setOptions).toHaveBeenCalledWith({ key: 'key-1', v: 'weekly' });
    expect(importLibrary.mock.calls.map(([name]) => name).sort()).toEqual(['core', 'maps', 'marker', 'routes']);
    vi.doUnmock('@googlemaps/js-api-loader');
  });
});
