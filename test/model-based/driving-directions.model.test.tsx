// drivingDirections, walked through the real route buttons along every edge of the production
// machine's graph: the route between the offices, the route from the visitor's position (given
// or refused), an OK route's distance and a failing route's status. Google's DirectionsService
// and the browser's geolocation are the actors'; stand-ins settle them here, and
// test/unit/driving-route.actor.test.ts runs the real route actor on a stand-in of the library.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { company } from '../../content/index.ts';
import { map } from '../../content/home/map.ts';
import { drivingDirectionsMachine } from '../../src/machines/driving-directions.machine.ts';
import { RouteFailedError, type DrivingRouteInput } from '../../src/services/driving-route.actor.ts';
import { mapLocations } from '../../src/services/maplace.service.ts';
import { DrivingDirections } from '../../src/views/driving-directions.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from './harness/index.ts';

type Snapshot = SnapshotFrom<typeof drivingDirectionsMachine>;

const { words } = map.interactive;
const locations = mapLocations(map.interactive.locations, company.offices);
const drawnMap = null;
const HERE = { lat: -26.2041, lng: 28.0473 };

const route = (fakes: Record<string, unknown>) => fakes.drivingRoute as FakePromiseActor<unknown, DrivingRouteInput>;
const line = () => screen.getByRole('status');

describeModel({
  machine: drivingDirectionsMachine,
  input: { locations, map: drawnMap, libraries: null },
  eventSamples: [
    { type: 'xstate.done.actor.geolocation', output: HERE },
    { type: 'xstate.error.actor.geolocation', error: new Error('User denied Geolocation') },
    { type: 'xstate.done.actor.drivingRoute', output: { status: 'OK', metres: 4000 } },
    { type: 'xstate.error.actor.drivingRoute', error: new RouteFailedError('ZERO_RESULTS') },
  ],
  serializeState: (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.from !== undefined, snapshot.context.positionRefused, snapshot.context.status]),
  fakes: { drivingRoute: () => fakePromiseActor(), geolocation: () => fakePromiseActor() },
  render: (harness) => <DrivingDirections locations={locations} map={drawnMap} libraries={null} {...harness} />,
  events: {
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
    routing: ({ snapshot, fakes }) => {
      expect(screen.getByRole('button', { name: words.showRoute })).toHaveAttribute('aria-disabled', 'true');
      expect(route(fakes).pending?.input).toEqual({ locations, from: snapshot.context.from, map: drawnMap, libraries: null });
      if (snapshot.context.positionRefused) expect(snapshot.context.from).toBeUndefined();
    },
    shown: ({ snapshot }) => {
      const refused = snapshot.context.positionRefused ? `${words.locationRefused} ` : '';
      expect(line()).toHaveTextContent(`${refused}Driving distance: 4.0 km`);
    },
    failed: ({ snapshot }) => {
      expect(line()).toHaveTextContent(words.routeFailed.replace('%s', 'ZERO_RESULTS'));
      expect(line().textContent?.startsWith(words.locationRefused)).toBe(snapshot.context.positionRefused);
    },
  },
});
