// The office map's driving route, asked for by the visitor: through every location (Maplace's
// route: first to last, the middle ones as waypoints, driving, metric), or from the visitor's
// own position (asked of the browser then, never before; refused, the route starts at the first
// location and says so). The route's status and distance are emitted as `route.done` (Maplace's
// route callback); the distance, summed only for OK, is shown in words, a failure says so.
import { assign, emit, setup } from 'xstate';
import { drivingRoute, RouteFailedError, type DrivingRoute } from '../../services/map/driving-route.actor.ts';
import { geolocation } from '../../services/map/geolocation.actor.ts';
import type { MapLocation } from '../../services/map/maplace.service.ts';
import type { MapsLibraries } from '../../services/map/maps-loader.actor.ts';

export interface DrivingDirectionsInput {
  locations: readonly MapLocation[];
  map: google.maps.Map | null;
  libraries: MapsLibraries | null;
}

export interface DrivingDirectionsContext extends DrivingDirectionsInput {
  from: { lat: number; lng: number } | undefined;
  /** The position was asked for and not given. */
  positionRefused: boolean;
  status: string | null;
  metres: number;
}

export type DrivingDirectionsEvent = { type: 'route.ask' } | { type: 'route.askFromHere' };

const asks = {
  'route.ask': { target: '#drivingDirections.routing', actions: 'startAtFirst' },
  'route.askFromHere': { target: '#drivingDirections.locating' },
} as const;

export const drivingDirectionsMachine = setup({
  types: {
    input: {} as DrivingDirectionsInput,
    context: {} as DrivingDirectionsContext,
    events: {} as DrivingDirectionsEvent,
    emitted: {} as { type: 'route.done'; status: string; metres: number },
  },
  actors: { drivingRoute, geolocation },
  actions: {
    startAtFirst: assign({ from: undefined, positionRefused: false }),
    startHere: assign((_, from: { lat: number; lng: number }) => ({ from, positionRefused: false })),
    refusePosition: assign({ from: undefined, positionRefused: true }),
    keepRoute: assign((_, route: DrivingRoute) => ({ status: route.status, metres: route.metres })),
    keepFailure: assign((_, params: { status: string }) => ({ status: params.status, metres: 0 })),
    report: emit(({ context }) => ({ type: 'route.done' as const, status: context.status ?? 'UNKNOWN_ERROR', metres: context.metres })),
  },
}).createMachine({
  id: 'drivingDirections',
  context: ({ input }) => ({ ...input, from: undefined, positionRefused: false, status: null, metres: 0 }),
  initial: 'idle',
  states: {
    // Asking again is possible once a route is shown or has failed, not while one is on its way.
    idle: { on: asks },
    locating: {
      tags: ['busy'],
      invoke: {
        id: 'geolocation',
        src: 'geolocation',
        onDone: { target: 'routing', actions: { type: 'startHere', params: ({ event }) => event.output } },
        onError: { target: 'routing', actions: 'refusePosition' },
      },
    },
    routing: {
      tags: ['busy'],
      invoke: {
        id: 'drivingRoute',
        src: 'drivingRoute',
        input: ({ context }) => ({ locations: context.locations, from: context.from, map: context.map, libraries: context.libraries }),
        onDone: { target: 'shown', actions: [{ type: 'keepRoute', params: ({ event }) => event.output }, 'report'] },
        onError: {
          target: 'failed',
          actions: [{ type: 'keepFailure', params: ({ event }) => ({ status: event.error instanceof RouteFailedError ? event.error.status : 'UNKNOWN_ERROR' }) }, 'report'],
        },
      },
    },
    shown: { tags: ['shown'], on: asks },
    failed: { tags: ['failed'], on: asks },
  },
});
