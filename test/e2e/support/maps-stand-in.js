// A stand-in for the Maps JavaScript API, served in place of https://maps.googleapis.com/maps/api/js
// in the browser tests (the real one needs the internet and a key). It speaks the loader's
// protocol (defines google.maps.importLibrary, then calls the `callback` the URL names) and
// offers the classes the office map uses. It draws plain DOM: markers as buttons, circles and
// the info window as boxes, and records what the map was asked (data attributes on the map's
// element). `window.mapsStandIn.routeStatus` chooses the DirectionsService's answer.
(() => {
  const script = document.currentScript;
  const params = new URL(script.src).searchParams;
  window.mapsStandIn = { routeStatus: 'OK', requests: [], key: params.get('key'), libraries: params.get('libraries') };

  class Evented {
    constructor() {
      this.listeners = {};
    }
    addListener(name, listener) {
      (this.listeners[name] ??= []).push(listener);
      return { remove: () => (this.listeners[name] = this.listeners[name].filter((kept) => kept !== listener)) };
    }
    fire(name) {
      for (const listener of [...(this.listeners[name] ?? [])]) listener();
    }
  }
  class LatLngBounds {
    constructor() {
      this.points = [];
    }
    extend(point) {
      this.points.push(point);
    }
  }
  class Size {
    constructor(width, height) {
      this.width = width;
      this.height = height;
    }
  }
  class Point {
    constructor(x, y) {
      this.x = x;
      this.y = y;
    }
  }
  class Map extends Evented {
    constructor(element, options) {
      super();
      this.element = element;
      this.layer = document.createElement('div');
      this.layer.className = 'stand-in-map';
      this.layer.setAttribute('style', 'position:absolute;inset:0;background:#cfe3d4;');
      element.append(this.layer);
      this.setCenter(options.center);
      this.setZoom(options.zoom);
      // Google says it has drawn the map (its first `idle`) a moment after it was made.
      setTimeout(() => this.fire('idle'), 0);
    }
    fitBounds(bounds) {
      this.element.dataset.fitBounds = bounds.points.map((point) => `${point.lat},${point.lng}`).join(' ');
      delete this.element.dataset.center;
    }
    setCenter(point) {
      this.element.dataset.center = `${point.lat},${point.lng}`;
    }
    panTo(point) {
      this.setCenter(point);
      delete this.element.dataset.fitBounds;
    }
    setZoom(zoom) {
      this.element.dataset.zoom = String(zoom);
    }
  }
  class Marker extends Evented {
    constructor(options) {
      super();
      this.options = options;
      this.button = document.createElement('button');
      this.button.type = 'button';
      this.button.className = 'stand-in-marker';
      this.button.textContent = options.title;
      this.button.dataset.icon = options.icon ? `${options.icon.url} ${options.icon.scaledSize.width}x${options.icon.scaledSize.height} @${options.icon.anchor.x},${options.icon.anchor.y}` : '';
      this.button.addEventListener('click', () => this.fire('click'));
      this.setMap(options.map);
    }
    setMap(map) {
      if (map) map.layer.append(this.button);
      else this.button.remove();
    }
  }
  class Circle extends Evented {
    constructor(options) {
      super();
      this.box = document.createElement('div');
      this.box.className = 'stand-in-circle';
      this.box.dataset.options = JSON.stringify({ radius: options.radius, strokeColor: options.strokeColor, strokeOpacity: options.strokeOpacity, strokeWeight: options.strokeWeight, fillColor: options.fillColor, fillOpacity: options.fillOpacity });
      this.setMap(options.map);
    }
    setMap(map) {
      if (map) map.layer.append(this.box);
      else this.box.remove();
    }
  }
  class InfoWindow {
    constructor() {
      this.box = document.createElement('div');
      this.box.className = 'stand-in-info';
    }
    setContent(html) {
      this.box.innerHTML = html;
    }
    open({ map, anchor }) {
      this.box.dataset.anchor = anchor.options.title;
      map.layer.append(this.box);
    }
    close() {
      this.box.remove();
    }
  }
  class DirectionsService {
    async route(request) {
      window.mapsStandIn.requests.push(request);
      const status = window.mapsStandIn.routeStatus;
      if (status !== 'OK') throw Object.assign(new Error(`DIRECTIONS_ROUTE: ${status}`), { code: status });
      // One leg per stretch: 1,398.2 km Midrand to Cape Town, 1,634.5 km on to Durban.
      return { routes: [{ legs: [{ distance: { value: 1398200 } }, { distance: { value: 1634500 } }] }, { legs: [{ distance: { value: 1 } }] }] };
    }
  }
  class DirectionsRenderer {
    constructor(options) {
      this.line = document.createElement('div');
      this.line.className = 'stand-in-route';
      this.setMap(options.map);
    }
    setDirections(result) {
      this.line.dataset.legs = String(result.routes[0].legs.length);
    }
    setMap(map) {
      if (map) map.layer.append(this.line);
      else this.line.remove();
    }
  }

  const libraries = {
    maps: { Map, Circle, InfoWindow },
    marker: { Marker },
    routes: { DirectionsService, DirectionsRenderer, TravelMode: { DRIVING: 'DRIVING' } },
    core: { LatLngBounds, Size, Point, UnitSystem: { METRIC: 0 } },
  };
  window.google.maps.importLibrary = async (name) => libraries[name];
  const callback = params.get('callback').split('.').reduce((target, key) => target[key], window);
  callback();
})();
