// Maplace.js's rules for locations, info windows and driving directions, kept as it documents
// them (0.2.10), as plain functions the map and directions machines and their actors share.
import type { Home } from '../../../content/structs/home.struct.ts';
import type { Office } from '../../../content/index.ts';

type LocationOptions = Home['map']['interactive']['locations'][number];

/** A marker's icon is drawn at this size (px), anchored at its centre. */
export const MARKER_ICON_SIZE_PX = 32;

/** The circle around a location: 100 m, stroke #0000FF at 0.8 and 2 px, filled #0000FF at 0.4. */
export const LOCATION_CIRCLE = {
  radius: 100,
  strokeColor: '#0000FF',
  strokeOpacity: 0.8,
  strokeWeight: 2,
  fillColor: '#0000FF',
  fillOpacity: 0.4,
} as const;

export interface MapLocation {
  lat: number;
  lon: number;
  title: string;
  /** The info window's HTML, `%index` and `%title` already replaced; none without `html`. */
  html: string | undefined;
  zoom: number | undefined;
  image: string | undefined;
  visible: boolean;
  onMenu: boolean;
  stopover: boolean;
  circle: boolean;
}

/** Maplace's map `type`: `circle` circles every location that does not say otherwise. */
export type MapType = NonNullable<Home['map']['interactive']['type']>;

/** The locations as Maplace reads them: each office's point, its defaults filled in. */
export function mapLocations(options: readonly LocationOptions[], offices: readonly Office[], type: MapType = 'marker'): MapLocation[] {
  return options.map((option, index) => {
    const office = offices.find((candidate) => candidate.id === option.officeId);
    if (!office) throw new Error(`No office "${option.officeId}" for map location ${index + 1}`);
    const title = option.title ?? `#${index + 1}`;
    return {
      lat: office.coordinates.lat,
      lon: office.coordinates.lng,
      title,
      html: option.html === undefined ? undefined : infoHtmlOf(option.html, index, title),
      zoom: option.zoom,
      image: option.image,
      visible: option.visible ?? true,
      onMenu: option.on_menu ?? true,
      stopover: option.stopover ?? false,
      circle: option.circle ?? type === 'circle',
    };
  });
}

/** `%index` → the 1-based position, `%title` → the title, wherever they occur. */
export function infoHtmlOf(html: string, index: number, title: string): string {
  return html.replaceAll('%index', String(index + 1)).replaceAll('%title', title);
}

/** What a route is asked for: first to last, the middle ones as waypoints, driving, metric. */
export interface DrivingRouteRequest {
  origin: { lat: number; lng: number };
  destination: { lat: number; lng: number };
  waypoints: Array<{ location: { lat: number; lng: number }; stopover: boolean }>;
  travelMode: 'DRIVING';
  unitSystem: 'METRIC';
}

const pointOf = (location: Pick<MapLocation, 'lat' | 'lon'>) => ({ lat: location.lat, lng: location.lon });

/** The route through every location; `from` (the visitor's position) replaces the first. */
export function drivingRouteRequest(locations: readonly MapLocation[], from?: { lat: number; lng: number }): DrivingRouteRequest {
  const first = locations[0];
  const last = locations.at(-1);
  if (!first || !last) throw new Error('A route needs at least one location');
  const middle = from === undefined ? locations.slice(1, -1) : locations.slice(0, -1);
  return {
    origin: from ?? pointOf(first),
    destination: pointOf(last),
    waypoints: middle.map((location) => ({ location: pointOf(location), stopover: location.stopover })),
    travelMode: 'DRIVING',
    unitSystem: 'METRIC',
  };
}

/** A DirectionsResult's shape, as far as the distance needs it. */
export interface RouteLegs {
  routes: ReadonlyArray<{ legs: ReadonlyArray<{ distance?: { value: number } }> }>;
}

/** The first route's legs summed in metres, only when the status is OK (0 otherwise). */
export function routeDistanceMetres(status: string, result: RouteLegs | null): number {
  if (status !== 'OK' || !result) return 0;
  return (result.routes[0]?.legs ?? []).reduce((sum, leg) => sum + (leg.distance?.value ?? 0), 0);
}

/** "Driving distance: 4.0 km" from the content's template. */
export function drivingDistanceText(metres: number, template: string): string {
  return template.replace('%s', (metres / 1000).toFixed(1));
}

/** Google Maps' driving directions to a point: a plain link, no script or key needed. */
export function drivingDirectionsUrl(lat: number, lon: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat}%2C${lon}&travelmode=driving`;
}
