// Asks Google's DirectionsService for the driving route (Maplace's: first location to last, the
// middle ones as waypoints, DRIVING, METRIC) and draws it on the office map with a
// DirectionsRenderer. Resolves with the status and the distance (the first route's legs summed,
// only for OK); any other status rejects with a RouteFailedError carrying it. One renderer per
// map: a new route replaces the one drawn; a failed one removes it.
import { fromPromise } from 'xstate';
import { drivingRouteRequest, routeDistanceMetres, type MapLocation } from './maplace.service.ts';
import type { MapsLibraries } from './maps-loader.actor.ts';

export interface DrivingRouteInput {
  locations: readonly MapLocation[];
  /** The visitor's position, when they asked for the route from where they are. */
  from?: { lat: number; lng: number };
  map: google.maps.Map | null;
  libraries: MapsLibraries | null;
}

export interface DrivingRoute {
  status: string;
  metres: number;
}

export class RouteFailedError extends Error {
  readonly status: string;
  constructor(status: string) {
    super(`The driving route could not be found: ${status}`);
    this.status = status;
    this.name = 'RouteFailedError';
  }
}

const renderers = new WeakMap<google.maps.Map, google.maps.DirectionsRenderer>();

export const drivingRoute = fromPromise<DrivingRoute, DrivingRouteInput>(async ({ input }) => {
  const { map, libraries } = input;
  if (!map || !libraries) throw new RouteFailedError('NO_MAP');
  const { DirectionsService, DirectionsRenderer, TravelMode } = libraries.routes;
  const { UnitSystem } = libraries.core;
  const request = drivingRouteRequest(input.locations, input.from);
  const answer = await new DirectionsService()
    .route({ ...request, travelMode: TravelMode[request.travelMode], unitSystem: UnitSystem[request.unitSystem] })
    .then(
      (result) => ({ status: 'OK', result }),
      (error: unknown) => ({ status: statusOf(error), result: null }),
    );
  const drawn = renderers.get(map);
  if (answer.status !== 'OK' || !answer.result) {
    drawn?.setMap(null);
    renderers.delete(map);
    throw new RouteFailedError(answer.status);
  }
  const renderer = drawn ?? new DirectionsRenderer({ map });
  renderers.set(map, renderer);
  renderer.setDirections(answer.result);
  return { status: answer.status, metres: routeDistanceMetres(answer.status, answer.result) };
});

/** The DirectionsStatus a failed request carries (MapsRequestError has `code`). */
function statusOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return 'UNKNOWN_ERROR';
}
