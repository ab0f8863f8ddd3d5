// drivingDirections, walked through the real route buttons along every edge of the production
// machine's graph: the route between the offices, the route from the visitor's position (given
// or refused), an OK route's distance and a failing route's status. The real route actor asks a
// local stand-in of google.maps' DirectionsService, answered here with a route of two legs (their
// distances summed) or a failing status, and draws on its DirectionsRenderer; the browser's
// geolocation is a fake settled here.
import { act, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { company } from '../../support/site-content.ts';
import { map } from '../../support/site-content.ts';
import { drivingDirectionsMachine } from '../../../src/machines/map/driving-directions.machine.ts';
import { RouteFailedError } from '../../../src/services/map/driving-route.actor.ts';
import { drivingRouteRequest, mapLocations } from '../../../src/services/map/maplace.service.ts';
import { DrivingDirections } from '../../../src/views/map/driving-directions.view.tsx';
import { createMapsStandIn } from '../../support/google-maps-stand-in.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof drivingDirectionsMachine>;

const { words } = map.interactive;
const locations = mapLocations(map.interactive.locations, company.offices);
const HERE = { lat: -26.2041, lng: 28.0473 };
const standIn = createMapsStandIn();
const { libraries } = standIn;
/** A map per path, as per page: the route actor keeps one renderer per map. */
let drawnMap = standIn.newMap();

/** The DirectionsService's request waiting for its answer. */
let waiting: { resolve: (result: unknown) => void; reject: (error: unknown) => void } | undefined;
standIn.answerRoutes(() => new Promise((resolve, reject) => (waiting = { resolve, reject })));

/** Google's answer to the waiting request, settled as the page would see it. */
const answerRoute =
  (settle: (request: NonNullable<typeof waiting>) => void) =>
  async (): Promise<void> => {
    await vi.waitFor(() => expect(waiting).toBeDefined());
    const request = waiting!;
    waiting = undefined;
    await act(async () => settle(request));
  };

/** Two legs, 1.5 km and 2.5 km: the distance shown is their sum. */
const TWO_LEGS = { routes: [{ legs: [{ distance: { value: 1500 } }, { distance: { value: 2500 } }] }, { legs: [{ distance: { value: 9999 } }] }] };

const line = () => screen.getByRole('status');

describeModel({
  machine: drivingDirectionsMachine,
  input: { locations, map: drawnMap, libraries },
  setup: () => {
    standIn.reset();
    drawnMap = standIn.newMap();
    waiting = undefined;
  },
  eventSamples: [
    { type: 'xstate.done.actor.geolocation', output: HERE },
    { type: 'xstate.error.actor.geolocation', error: new Error('User denied Geolocation') },
    { type: 'xstate.done.actor.drivingRoute', output: { status: 'OK', metres: 4000 } },
    { type: 'xstate.error.actor.drivingRoute', error: new RouteFailedError('ZERO_RESULTS') },
  ],
  serializeState: (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.from !== undefined, snapshot.context.positionRefused, snapshot.context.status]),
  fakes: { geolocation: () => fakePromiseActor() },
  render: (harness) => <DrivingDirections locations={locations} map={drawnMap} libraries={libraries} {...harness} />,
  events: {
    'xstate.done.actor.drivingRoute': answerRoute((request) => request.resolve(TWO_LEGS)),
    // A MapsRequestError carries the DirectionsStatus as its code.
    'xstate.error.actor.drivingRoute': answerRoute((request) => request.reject(Object.assign(new Error('DIRECTIONS_ROUTE: ZERO_RESULTS'), { code: 'ZERO_RESULTS' }))),
    'route.ask': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: words.showRoute }));
    },
    'route.askFromHere': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: words.routeFromHere }));
    },
  },
  states: {
    idle: () => {
      expect(line()).toHaveTextContent('');
      expect(screen.getByRole('button', { name: words.showRoute })).toHaveAttribute('aria-disabled', 'false');
    },
    locating: ({ fakes }) => {
      expect(screen.getByRole('button', { name: words.routeFromHere })).toHaveAttribute('aria-disabled', 'true');
      expect((fakes.geolocation as FakePromiseActor).pending).toBeDefined();
    },
    routing: ({ snapshot }) => {
      expect(screen.getByRole('button', { name: words.showRoute })).toHaveAttribute('aria-disabled', 'true');
      // Asked of Google: first to last (or from the visitor), the middle as waypoints, driving, metric.
      const asked = drivingRouteRequest(locations, snapshot.context.from);
      expect(standIn.routeRequests.at(-1)).toEqual({ ...asked, travelMode: 'DRIVING', unitSystem: 0 });
      if (snapshot.context.positionRefused) expect(snapshot.context.from).toBeUndefined();
    },
    shown: ({ snapshot }) => {
      const refused = snapshot.context.positionRefused ? `${words.locationRefused} ` : '';
      expect(line()).toHaveTextContent(`${refused}Driving distance: 4.0 km`);
      // Drawn on the map by its one renderer.
      expect(standIn.drawn.filter((entry) => entry.startsWith('renderer'))).toEqual(['renderer on the map']);
      expect(standIn.drawn.at(-1)).toBe('directions');
    },
    failed: ({ snapshot }) => {
      expect(line()).toHaveTextContent(words.routeFailed.replace('%s', 'ZERO_RESULTS'));
      expect(line().textContent?.startsWith(words.locationRefused)).toBe(snapshot.context.positionRefused);
      // A route drawn before is taken off the map.
      if (standIn.drawn.includes('directions')) expect(standIn.drawn.at(-1)).toBe('removed');
    },
  },
});
