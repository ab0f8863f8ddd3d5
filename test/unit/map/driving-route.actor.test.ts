// The driving route against a stand-in of Google's routes library: the request Maplace makes,
// the distance summed for OK, a failing status as a RouteFailedError (and the drawn route
// removed), and the machine's `route.done` (Maplace's route callback) with status and distance.
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { company } from '../../support/site-content.ts';
import { map } from '../../support/site-content.ts';
import { drivingDirectionsMachine } from '../../../src/machines/map/driving-directions.machine.ts';
import { drivingRoute, RouteFailedError, type DrivingRoute, type DrivingRouteInput } from '../../../src/services/map/driving-route.actor.ts';
import { mapLocations } from '../../../src/services/map/maplace.service.ts';
import type { MapsLibraries } from '../../../src/services/map/maps-loader.actor.ts';
import { createMapsStandIn } from '../../support/google-maps-stand-in.ts';

const locations = mapLocations(map.interactive.locations, company.offices);
const standIn = createMapsStandIn();
const { libraries, routeRequests: requests, drawn } = standIn;
const mapObject = standIn.newMap();
let answer: () => Promise<unknown> = () => Promise.reject(new Error('no answer'));
standIn.answerRoutes(() => answer());

const run = (input: { map: google.maps.Map | null; libraries: MapsLibraries | null }) =>
  toPromise(createActor(drivingRoute, { input: { locations, ...input } }).start());

describe('the driving route', () => {
  it('asks first to last through the middle, driving and metric, and sums the first route’s legs', async () => {
    answer = async () => ({ routes: [{ legs: [{ distance: { value: 1200 } }, { distance: { value: 2800 } }] }, { legs: [{ distance: { value: 1 } }] }] });
    expect(await run({ map: mapObject, libraries })).toEqual({ status: 'OK', metres: 4000 });
    expect(requests.at(-1)).toEqual({
      origin: { lat: locations[0]!.lat, lng: locations[0]!.lon },
      destination: { lat: locations[2]!.lat, lng: locations[2]!.lon },
      waypoints: [{ location: { lat: locations[1]!.lat, lng: locations[1]!.lon }, stopover: true }],
      travelMode: 'DRIVING',
      unitSystem: 0,
    });
    expect(drawn).toEqual(['renderer on the map', 'directions']);
  });

  it('rejects with the status of a failing route and removes the drawn one', async () => {
    answer = async () => {
      throw Object.assign(new Error('DIRECTIONS_ROUTE: ZERO_RESULTS'), { code: 'ZERO_RESULTS' });
    };
    const failing = run({ map: mapObject, libraries });
    await expect(failing).rejects.toBeInstanceOf(RouteFailedError);
    await expect(failing).rejects.toMatchObject({ status: 'ZERO_RESULTS' });
    expect(drawn.at(-1)).toBe('removed');
    await expect(run({ map: null, libraries })).rejects.toMatchObject({ status: 'NO_MAP' });
  });
});

describe('the route callback', () => {
  it('emits route.done with the status and the distance, 0 for a failing route', async () => {
    for (const [logic, expected] of [
      [fromPromise<DrivingRoute, DrivingRouteInput>(async () => ({ status: 'OK', metres: 4000 })), { status: 'OK', metres: 4000 }],
      [fromPromise<DrivingRoute, DrivingRouteInput>(async () => Promise.reject(new RouteFailedError('NOT_FOUND'))), { status: 'NOT_FOUND', metres: 0 }],
    ] as const) {
      const done: unknown[] = [];
      const actor = createActor(drivingDirectionsMachine.provide({ actors: { drivingRoute: logic } }), { input: { locations, map: null, libraries: null } });
      actor.on('route.done', (event) => done.push({ status: event.status, metres: event.metres }));
      actor.start();
      actor.send({ type: 'route.ask' });
      await waitFor(actor, (snapshot) => snapshot.hasTag('shown') || snapshot.hasTag('failed'));
      expect(done).toEqual([expected]);
      actor.stop();
    }
  });
});
