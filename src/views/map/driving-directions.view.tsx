// The office map's driving route: renders the drivingDirections machine as two buttons on the
// map (the route between the offices, the route from where I am) and one line that says the
// distance ("Driving distance: 4.0 km") or why there is no route; it lies on the map, so it
// moves nothing. The address links below the map stay whatever happens.
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { drivingDirectionsMachine } from '../../machines/map/driving-directions.machine.ts';
import { drivingDistanceText, type MapLocation } from '../../services/map/maplace.service.ts';
import type { MapsLibraries } from '../../services/map/maps-loader.actor.ts';
import { useSiteContent } from '../shared/site-content.tsx';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';


export interface DrivingDirectionsProps {
  locations: readonly MapLocation[];
  map: google.maps.Map | null;
  libraries: MapsLibraries | null;
  /** The machine to run; tests pass `drivingDirectionsMachine.provide({ actors })` with stand-ins. */
  logic?: typeof drivingDirectionsMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function DrivingDirections({ locations, map, libraries, logic = drivingDirectionsMachine, inspect }: DrivingDirectionsProps) {
  const { words } = useSiteContent().map.interactive;
  const actorRef = useActorRef(logic, { input: { locations, map, libraries }, inspect: inspectWith(inspect) });
  const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const line = useSelector(actorRef, (snapshot) => {
    const refused = snapshot.context.positionRefused ? `${words.locationRefused} ` : '';
    if (snapshot.hasTag('shown')) return `${refused}${drivingDistanceText(snapshot.context.metres, words.distance)}`;
    if (snapshot.hasTag('failed')) return `${refused}${words.routeFailed.replace('%s', snapshot.context.status ?? 'UNKNOWN_ERROR')}`;
    return '';
  });

  return (
    <div className="office-map__route">
      <div className="office-map__route-buttons">
        {/* Short on the map; the name says it all and contains the visible text (WCAG 2.5.3). */}
        <button type="button" className="button office-map__route-button" aria-label={words.showRoute} aria-disabled={busy} onClick={() => busy || actorRef.send({ type: 'route.ask' })}>
          {words.showRouteText}
        </button>
        <button type="button" className="button office-map__route-button" aria-label={words.routeFromHere} aria-disabled={busy} onClick={() => busy || actorRef.send({ type: 'route.askFromHere' })}>
          {words.routeFromHereText}
        </button>
      </div>
      <p className="office-map__route-line" role="status">
        {line}
      </p>
    </div>
  );
}
