// The office map on Google Maps, as Maplace.js draws it: a marker per visible location (its
// icon drawn 32 × 32, anchored at its centre), a 100 m circle where a location asks for one,
// one info window. `map.show` (from the machine) shows a view: 0 is View All (the bounds of
// every visible location; a single location is centred and opened), n the nth location (the
// open info window closes, its own opens when it has HTML, the map pans to it and takes its
// zoom). A click on a marker or a circle is reported as `location.pick`; a key Google refuses
// (`gm_authFailure`) as `map.failed`; the map, once Google has drawn it, as `map.ready` (driving
// routes are drawn on it). Stopping the actor removes the map's objects.
import { fromCallback } from 'xstate';
import { LOCATION_CIRCLE, MARKER_ICON_SIZE_PX, type MapLocation } from './maplace.service.ts';
import type { MapsLibraries } from './maps-loader.actor.ts';

export interface GoogleMapInput {
  getCanvas: () => HTMLElement | null;
  locations: readonly MapLocation[];
  /** Null only if the machine lost them: reported as a failure. */
  libraries: MapsLibraries | null;
  /** The view to show first. */
  view: number;
}

export type GoogleMapCommand = { type: 'map.show'; view: number };

declare global {
  interface Window {
    /** Google calls this when the key is refused (wrong key, API not enabled, over quota). */
    gm_authFailure?: () => void;
  }
}

export const googleMap = fromCallback<GoogleMapCommand, GoogleMapInput>(({ input, sendBack, receive }) => {
  const canvas = input.getCanvas();
  if (!canvas || !input.libraries) {
    sendBack({ type: 'map.failed', reason: 'no place to draw it' });
    return undefined;
  }
  const { maps, marker: markers, core } = input.libraries;
  const { locations } = input;
  window.gm_authFailure = () => sendBack({ type: 'map.failed', reason: 'the map key was refused' });

  const first = locations[0]!;
  const map = new maps.Map(canvas, { center: { lat: first.lat, lng: first.lon }, zoom: first.zoom ?? 12, clickableIcons: false });
  const pick = (index: number) => () => sendBack({ type: 'location.pick', view: index + 1 });

  const placed = locations.map((location, index) => {
    const position = { lat: location.lat, lng: location.lon };
    const icon = location.image
      ? { url: location.image, scaledSize: new core.Size(MARKER_ICON_SIZE_PX, MARKER_ICON_SIZE_PX), anchor: new core.Point(MARKER_ICON_SIZE_PX / 2, MARKER_ICON_SIZE_PX / 2) }
      : undefined;
    const pin = new markers.Marker({ position, map: location.visible ? map : null, title: location.title, ...(icon ? { icon } : {}) });
    pin.addListener('click', pick(index));
    const circle = location.circle ? new maps.Circle({ ...LOCATION_CIRCLE, center: position, map, clickable: true }) : undefined;
    circle?.addListener('click', pick(index));
    return { pin, circle, position };
  });
  const info = new maps.InfoWindow();

  const openInfo = (index: number) => {
    const location = locations[index]!;
    if (location.html === undefined) return;
    info.setContent(location.html);
    info.open({ map, anchor: placed[index]!.pin });
  };
  const show = (view: number) => {
    info.close();
    const visible = locations.flatMap((location, index) => (location.visible ? [index] : []));
    if (view === 0 && visible.length === 1) {
      map.setCenter(placed[visible[0]!]!.position);
      openInfo(visible[0]!);
    } else if (view === 0) {
      const bounds = new core.LatLngBounds();
      for (const index of visible) bounds.extend(placed[index]!.position);
      map.fitBounds(bounds);
    } else {
      const index = view - 1;
      openInfo(index);
      map.panTo(placed[index]!.position);
      if (locations[index]!.zoom !== undefined) map.setZoom(locations[index]!.zoom);
    }
  };
  show(input.view);
  // Ready once Google has drawn it (its first `idle`): only then are the route's buttons offered.
  const drawn = map.addListener('idle', () => {
    drawn.remove();
    sendBack({ type: 'map.ready', map });
  });
  receive((command) => {
    if (command.type === 'map.show') show(command.view);
  });

  return () => {
    drawn.remove();
    info.close();
    for (const { pin, circle } of placed) {
      pin.setMap(null);
      circle?.setMap(null);
    }
    delete window.gm_authFailure;
  };
});
