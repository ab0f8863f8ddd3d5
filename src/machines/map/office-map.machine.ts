// The office map (Maplace.js's behaviour on Google Maps). Nothing is asked of Google until the
// section comes within a screen height of the viewport; then the key and MAP_LOAD come from the
// site's config (no key: the static section stays, `unavailable`). With MAP_LOAD=click (the
// default) the visitor is offered a "Show the map" button over the illustration and nothing
// loads until it is pressed (README, "Privacy"); with `visible` the Maps API loads at once. Shown,
// the map starts at content's `start` (0: View All) and follows the location menu and clicks on
// markers and circles. A load failure or a refused key leaves the static section with one line
// saying why (`failed`).
import { assign, sendTo, setup } from 'xstate';
import { googleMap, type GoogleMapCommand } from '../../services/map/google-map.actor.ts';
import { intersectionEvents } from '../../services/shared/intersection.actor.ts';
import type { MapLocation } from '../../services/map/maplace.service.ts';
import { mapsKey, mapsLoader, type MapsLibraries, type MapsSettings } from '../../services/map/maps-loader.actor.ts';

export interface OfficeMapInput {
  locations: readonly MapLocation[];
  /** Maplace's `start`: 0 is View All, n the nth location. */
  start: number;
  /** The map's box (the view's ref). */
  getCanvas: () => HTMLElement | null;
  /** How near (px) the section must come before the map loads: a screen height, read then. */
  nearMarginPx: () => number;
}

export interface OfficeMapContext extends OfficeMapInput {
  /** What the map shows: 0 View All, n the nth location. */
  view: number;
  key: string | null;
  libraries: MapsLibraries | null;
  /** The drawn map, for the driving route (drivingDirections). */
  map: google.maps.Map | null;
  /** Why the map could not be shown. */
  failure: string | null;
}

export type OfficeMapEvent =
  | { type: 'element.near' }
  | { type: 'element.far' }
  // The visitor's "Show the map" (MAP_LOAD=click).
  | { type: 'map.load' }
  // The menu (0: View All), or a marker's or circle's click on the map (googleMap).
  | { type: 'location.pick'; view: number }
  | { type: 'map.failed'; reason: string }
  | { type: 'map.ready'; map: google.maps.Map };

/** Why a load failed, in the visitor's words, from what the loader threw. */
export const failureOf = (error: unknown) => (error instanceof Error && /network|fetch|load/i.test(error.message) ? 'it could not be reached' : 'Google Maps did not answer');

export const officeMapMachine = setup({
  types: {
    input: {} as OfficeMapInput,
    context: {} as OfficeMapContext,
    events: {} as OfficeMapEvent,
  },
  actors: { intersection: intersectionEvents, mapsKey, mapsLoader, googleMap },
  actions: {
    keepKey: assign((_, key: string | null) => ({ key })),
    keepLibraries: assign((_, libraries: MapsLibraries) => ({ libraries })),
    keepMap: assign((_, params: { map: google.maps.Map }) => ({ map: params.map })),
    fail: assign((_, params: { reason: string }) => ({ failure: params.reason })),
    pick: assign((_, params: { view: number }) => ({ view: params.view })),
    // The box the map will fill takes the focus from the button that goes away.
    focusCanvas: ({ context }) => context.getCanvas()?.focus(),
    show: sendTo('googleMap', (_, params: { view: number }) => ({ type: 'map.show', view: params.view }) satisfies GoogleMapCommand),
  },
  guards: {
    hasKey: (_, settings: MapsSettings) => settings.key !== null,
    /** A key, and MAP_LOAD=click: the visitor is asked first. */
    isLoadedOnRequest: (_, settings: MapsSettings) => settings.key !== null && settings.load === 'click',
    isLocation: ({ context }, params: { view: number }) => Number.isInteger(params.view) && params.view >= 0 && params.view <= context.locations.length,
  },
}).createMachine({
  id: 'officeMap',
  context: ({ input }) => ({ ...input, view: input.start, key: null, libraries: null, map: null, failure: null }),
  initial: 'distant',
  states: {
    distant: {
      invoke: { id: 'intersection', src: 'intersection', input: ({ context }) => ({ getElement: context.getCanvas, marginPx: context.nearMarginPx() }) },
      on: { 'element.near': 'configuring' },
    },
    configuring: {
      invoke: {
        id: 'mapsKey',
        src: 'mapsKey',
        input: {},
        onDone: [
          { guard: { type: 'isLoadedOnRequest', params: ({ event }) => event.output }, target: 'offered', actions: { type: 'keepKey', params: ({ event }) => event.output.key } },
          { guard: { type: 'hasKey', params: ({ event }) => event.output }, target: 'loading', actions: { type: 'keepKey', params: ({ event }) => event.output.key } },
          { target: 'unavailable' },
        ],
        // The config could not be read: as without a key, the static section stays.
        onError: { target: 'unavailable' },
      },
    },
    /** MAP_LOAD=click: the "Show the map" button; nothing is asked of Google until it is pressed. */
    offered: {
      tags: ['offered'],
      on: { 'map.load': { target: 'loading', actions: 'focusCanvas' } },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'mapsLoader',
        src: 'mapsLoader',
        input: ({ context }) => ({ key: context.key ?? '' }),
        onDone: { target: 'shown', actions: { type: 'keepLibraries', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ reason: failureOf(event.error) }) } },
      },
    },
    shown: {
      tags: ['shown'],
      invoke: {
        id: 'googleMap',
        src: 'googleMap',
        input: ({ context }) => ({ getCanvas: context.getCanvas, locations: context.locations, libraries: context.libraries, view: context.view }),
      },
      on: {
        'location.pick': {
          guard: { type: 'isLocation', params: ({ event }) => ({ view: event.view }) },
          actions: [
            { type: 'pick', params: ({ event }) => ({ view: event.view }) },
            { type: 'show', params: ({ event }) => ({ view: event.view }) },
          ],
        },
        'map.failed': { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ reason: event.reason }) } },
      },
      // Made, then drawn by Google (reported once): only a drawn map takes a driving route.
      initial: 'drawing',
      states: {
        drawing: {
          on: { 'map.ready': { target: 'drawn', actions: { type: 'keepMap', params: ({ event }) => ({ map: event.map }) } } },
        },
        drawn: { tags: ['drawn'] },
      },
    },
    /** No key (or no config): the static section is the map. */
    unavailable: { type: 'final' },
    failed: { tags: ['failed'], type: 'final' },
  },
});
