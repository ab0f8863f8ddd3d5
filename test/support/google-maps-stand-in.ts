// A stand-in for the Maps JavaScript API's libraries, for tests in jsdom: the classes the office
// map's actors use (map, marker, circle, info window, bounds, size, point, DirectionsService
// and DirectionsRenderer), recording what they were asked. The browser tests use their own
// script version (test/e2e/support/maps-stand-in.js), served in place of Google's.
import type { MapsLibraries } from '../../src/services/map/maps-loader.actor.ts';

type Listener = () => void;
type LatLng = { lat: number; lng: number };

export function createMapsStandIn() {
  /** What the map and the info window were asked, in order. */
  const calls: string[] = [];
  const markers: Marker[] = [];
  const circles: Circle[] = [];
  /** The maps made, newest last: `idle` fired on one is Google saying it has drawn it. */
  const maps: StandInMap[] = [];
  /** The DirectionsService's requests, and the renderers' doings. */
  const routeRequests: unknown[] = [];
  const drawn: string[] = [];
  /** What the next route request answers (a result, or a throw). */
  let routeAnswer: () => Promise<unknown> = () => Promise.reject(new Error('no route answer set'));

  class Evented {
    listeners = new Map<string, Listener>();
    addListener(name: string, listener: Listener) {
      this.listeners.set(name, listener);
      return { remove: () => this.listeners.delete(name) };
    }
  }
  class StandInMap extends Evented {
    constructor(_element: HTMLElement, options: { zoom: number }) {
      super();
      maps.push(this);
      calls.push(`map zoom ${options.zoom}`);
    }
    fitBounds(bounds: LatLngBounds) {
      calls.push(`fitBounds ${bounds.points.map((point) => point.lat).join(' ')}`);
    }
    setCenter(point: LatLng) {
      calls.push(`setCenter ${point.lat}`);
    }
    panTo(point: LatLng) {
      calls.push(`panTo ${point.lat}`);
    }
    setZoom(zoom: number) {
      calls.push(`setZoom ${zoom}`);
    }
  }
  class Marker extends Evented {
    options: { title: string; map: unknown; icon?: { scaledSize: Size; anchor: Point } };
    constructor(options: { title: string; map: unknown; icon?: { scaledSize: Size; anchor: Point } }) {
      super();
      this.options = options;
      markers.push(this);
    }
    setMap(map: unknown) {
      if (map === null) calls.push(`remove ${this.options.title}`);
    }
  }
  class Circle extends Evented {
    options: Record<string, unknown>;
    constructor(options: Record<string, unknown>) {
      super();
      this.options = options;
      circles.push(this);
    }
    setMap() {}
  }
  class InfoWindow {
    setContent(html: string) {
      calls.push(`info ${html}`);
    }
    open({ anchor }: { anchor: Marker }) {
      calls.push(`open on ${anchor.options.title}`);
    }
    close() {
      calls.push('close info');
    }
  }
  class LatLngBounds {
    points: LatLng[] = [];
    extend(point: LatLng) {
      this.points.push(point);
    }
  }
  class Size {
    width: number;
    height: number;
    constructor(width: number, height: number) {
      this.width = width;
      this.height = height;
    }
  }
  class Point {
    x: number;
    y: number;
    constructor(x: number, y: number) {
      this.x = x;
      this.y = y;
    }
  }
  class DirectionsService {
    route(request: unknown) {
      routeRequests.push(request);
      return routeAnswer();
    }
  }
  class DirectionsRenderer {
    constructor(options: { map: unknown }) {
      drawn.push(`renderer on ${options.map instanceof StandInMap ? 'the map' : String(options.map)}`);
    }
    setDirections() {
      drawn.push('directions');
    }
    setMap(map: unknown) {
      if (map === null) drawn.push('removed');
    }
  }

  // The stand-in has the shape the actors use, not the whole API: this is its one cast.
  const libraries = {
    maps: { Map: StandInMap, Circle, InfoWindow },
    marker: { Marker },
    routes: { DirectionsService, DirectionsRenderer, TravelMode: { DRIVING: 'DRIVING' } },
    core: { LatLngBounds, Size, Point, UnitSystem: { METRIC: 0 } },
  } as unknown as MapsLibraries;

  return {
    libraries,
    /** A drawn map, as the office map's actor would have made it. */
    newMap: () => new libraries.maps.Map(document.createElement('div'), { zoom: 12 }),
    MapClass: StandInMap,
    calls,
    maps,
    markers,
    circles,
    routeRequests,
    drawn,
    answerRoutes(answer: () => Promise<unknown>) {
      routeAnswer = answer;
    },
    reset() {
      calls.length = 0;
      maps.length = 0;
      markers.length = 0;
      circles.length = 0;
      routeRequests.length = 0;
      drawn.length = 0;
    },
  };
}
