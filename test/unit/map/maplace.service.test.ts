// Maplace's rules as plain functions: the locations' defaults, the info windows' `%index` and
// `%title`, the route through the locations, and the distance summed only for an OK status.
import { describe, expect, it } from 'vitest';
import { company } from '../../support/site-content.ts';
import { map } from '../../support/site-content.ts';
import {
  drivingDirectionsUrl,
  drivingDistanceText,
  drivingRouteRequest,
  infoHtmlOf,
  LOCATION_CIRCLE,
  MARKER_ICON_SIZE_PX,
  mapLocations,
  routeDistanceMetres,
} from '../../../src/services/map/maplace.service.ts';

const offices = company.offices;

describe('map locations', () => {
  it('take their point from the office and fill Maplace’s defaults', () => {
    const [first, second] = mapLocations([{ officeId: 'midrand' }, { officeId: 'durban', title: 'Durban', html: '%index. %title (%title)', visible: false, on_menu: false, stopover: true, zoom: 12, circle: true, image: '/icons/pin.svg' }], offices);
    expect(first).toEqual({ lat: -25.9986, lon: 28.1263, title: '#1', html: undefined, zoom: undefined, image: undefined, visible: true, onMenu: true, stopover: false, circle: false });
    expect(second).toMatchObject({ title: 'Durban', html: '2. Durban (Durban)', visible: false, onMenu: false, stopover: true, zoom: 12, circle: true, image: '/icons/pin.svg' });
    expect(() => mapLocations([{ officeId: 'pretoria' }], offices)).toThrow('No office "pretoria" for map location 1');
  });

  it('are all circled in circle mode (Maplace’s `type: \'circle\'`) unless one says otherwise', () => {
    const circled = mapLocations([{ officeId: 'midrand' }, { officeId: 'durban', circle: false }, { officeId: 'cape-town', circle: true }], offices, 'circle');
    expect(circled.map((location) => location.circle)).toEqual([true, false, true]);
    expect(mapLocations([{ officeId: 'midrand' }], offices, 'marker')[0]!.circle).toBe(false);
  });

  it('are the site’s offices in content order, the head office circled', () => {
    const locations = mapLocations(map.interactive.locations, offices, map.interactive.type);
    expect(locations.map((location) => location.title)).toEqual(['Midrand (head office)', 'Cape Town', 'Durban']);
    expect(locations.filter((location) => location.circle).map((location) => location.title)).toEqual(['Midrand (head office)']);
    expect(locations[0]!.html).toBe('<strong>Midrand (head office)</strong><br>Showroom and factory: call ahead for a visit.');
  });

  it('keep Maplace’s numbers', () => {
    expect(MARKER_ICON_SIZE_PX).toBe(32);
    expect(LOCATION_CIRCLE).toEqual({ radius: 100, strokeColor: '#0000FF', strokeOpacity: 0.8, strokeWeight: 2, fillColor: '#0000FF', fillOpacity: 0.4 });
    expect(infoHtmlOf('%title is number %index', 0, 'A')).toBe('A is number 1');
  });
});

describe('driving directions', () => {
  const locations = mapLocations(
    [{ officeId: 'midrand' }, { officeId: 'cape-town', stopover: true }, { officeId: 'durban' }],
    offices,
  );

  it('go from the first location to the last through the middle ones, driving, metric', () => {
    expect(drivingRouteRequest(locations)).toEqual({
      origin: { lat: -25.9986, lng: 28.1263 },
      destination: { lat: locations[2]!.lat, lng: locations[2]!.lon },
      waypoints: [{ location: { lat: -33.8617, lng: 18.5236 }, stopover: true }],
      travelMode: 'DRIVING',
      unitSystem: 'METRIC',
    });
    // From the visitor's position: the first location becomes a waypoint.
    expect(drivingRouteRequest(locations, { lat: -26.1, lng: 28 }).waypoints.map((waypoint) => waypoint.stopover)).toEqual([false, true]);
    expect(() => drivingRouteRequest([])).toThrow();
  });

  it('sum the first route’s legs only when the status is OK', () => {
    const result = { routes: [{ legs: [{ distance: { value: 2500 } }, { distance: { value: 1500 } }] }, { legs: [{ distance: { value: 99_999 } }] }] };
    expect(routeDistanceMetres('OK', result)).toBe(4000);
    expect(routeDistanceMetres('ZERO_RESULTS', result)).toBe(0);
    expect(routeDistanceMetres('OK', null)).toBe(0);
    expect(routeDistanceMetres('OK', { routes: [] })).toBe(0);
    expect(drivingDistanceText(4000, map.interactive.words.distance)).toBe('Driving distance: 4.0 km');
    expect(drivingDistanceText(1_398_650, map.interactive.words.distance)).toBe('Driving distance: 1398.7 km');
  });

  it('have buttons whose names contain their visible text (WCAG 2.5.3 label in name)', () => {
    const { words } = map.interactive;
    expect(words.showRoute.toLowerCase()).toContain(words.showRouteText.toLowerCase());
    expect(words.routeFromHere.toLowerCase()).toContain(words.routeFromHereText.toLowerCase());
  });

  it('link to Google Maps without a script', () => {
    expect(drivingDirectionsUrl(-25.9986, 28.1263)).toBe('https://www.google.com/maps/dir/?api=1&destination=-25.9986%2C28.1263&travelmode=driving');
  });
});
