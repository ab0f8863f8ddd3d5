// The office map: renders the officeMap machine over the map section's illustration. The map's
// box lies on the illustration (same size, so nothing moves when the map arrives); until the
// map is shown it is empty and the illustration shows through. Shown, the location menu (a
// dropdown, "View All" first, or a list of links, the active one marked; only with more than one
// location) sits on the map or in a panel beside it within the same box, as content says, and
// the driving route's buttons and line (drivingDirections) on the map once Google has drawn it.
// With MAP_LOAD=click a "Show the map" button lies on the illustration until it is pressed.
// A failure says why in one line on the illustration; the illustration and the addresses stay.
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, type MouseEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import type { SiteContent } from '../../../content/content-documents.ts';
import { useSiteContent } from '../shared/site-content.tsx';
import { officeMapMachine } from '../../machines/map/office-map.machine.ts';
import { mapLocations, type MapLocation } from '../../services/map/maplace.service.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { DrivingDirections } from './driving-directions.view.tsx';
import { ResponsivePicture } from '../sections/parts/responsive-picture.view.tsx';

export const OFFICE_MAP_ID = 'office-map';

type Interactive = SiteContent['map']['interactive'];

export interface OfficeMapProps {
  /** The menu's kind and place; content's by default (tests render both kinds). */
  controls?: Interactive['controls'];
  controlsOn?: Interactive['controlsOn'];
  /** The locations; content's offices by default (tests also draw a single one). */
  locations?: readonly MapLocation[];
  /** The machine to run; tests pass `officeMapMachine.provide({ actors })` with stand-ins. */
  logic?: typeof officeMapMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function OfficeMap({ controls: givenControls, controlsOn: givenControlsOn, locations: givenLocations, logic = officeMapMachine, inspect }: OfficeMapProps) {
  const { map, company } = useSiteContent();
  const { interactive } = map;
  const { words } = interactive;
  const controls = givenControls ?? interactive.controls;
  const controlsOn = givenControlsOn ?? interactive.controlsOn;
  const locations = givenLocations ?? mapLocations(interactive.locations, company.offices, interactive.type);
  const canvas = useRef<HTMLDivElement>(null);
  const actorRef = useActorRef(logic, {
    // The margin is read when the machine starts watching (also while prerendering: no window).
    input: { locations, start: interactive.start, getCanvas: () => canvas.current, nearMarginPx: () => (typeof window === 'undefined' ? 0 : window.innerHeight) },
    inspect: inspectWith(inspect),
  });
  const shown = useSelector(actorRef, (snapshot) => snapshot.hasTag('shown'));
  const offered = useSelector(actorRef, (snapshot) => snapshot.hasTag('offered'));
  const loading = useSelector(actorRef, (snapshot) => snapshot.hasTag('loading'));
  const failure = useSelector(actorRef, (snapshot) => (snapshot.hasTag('failed') ? snapshot.context.failure : null));
  const view = useSelector(actorRef, (snapshot) => snapshot.context.view);
  const drawn = useSelector(actorRef, (snapshot) => (snapshot.hasTag('drawn') ? snapshot.context.map : null));
  const libraries = useSelector(actorRef, (snapshot) => snapshot.context.libraries);
  const onMenu = locations.flatMap((location, index) => (location.onMenu ? [{ view: index + 1, title: location.title }] : []));
  const pick = (picked: number) => actorRef.send({ type: 'location.pick', view: picked });

  const menu =
    shown && locations.length > 1 ? (
      controls === 'dropdown' ? (
        <label className="office-map__menu">
          <span className="office-map__menu-label">{words.menuLabel}</span>
          <select value={view} onChange={(event) => pick(Number(event.target.value))}>
            <option value={0}>{words.viewAll}</option>
            {onMenu.map((item) => (
              <option key={item.view} value={item.view}>
                {item.title}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <nav className="office-map__menu" aria-label={words.menuLabel}>
          <ul className="office-map__list">
            {[{ view: 0, title: words.viewAll }, ...onMenu].map((item) => (
              <li key={item.view}>
                <a
                  href={`#${OFFICE_MAP_ID}`}
                  aria-current={view === item.view ? 'true' : undefined}
                  onClick={(event: MouseEvent) => {
                    event.preventDefault();
                    pick(item.view);
                  }}
                >
                  {item.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )
    ) : null;

  return (
    <div className={shown ? 'map__canvas is-map' : 'map__canvas'}>
      <ResponsivePicture image={map.image} sizes="(min-width: 64em) 720px, 100vw" />
      {/* The map and a menu beside it share the illustration's box: nothing outside it moves. */}
      <div className="office-map__frame">
        <div className="office-map__area">
          {/* Focusable, so the focus has somewhere to go when "Show the map" goes away. */}
          <div id={OFFICE_MAP_ID} ref={canvas} className="office-map" role="region" aria-label={words.mapLabel} tabIndex={-1} />
          {controlsOn === 'map' ? menu : null}
          {drawn === null ? null : <DrivingDirections locations={locations} map={drawn} libraries={libraries} />}
        </div>
        {controlsOn === 'beside' ? menu : null}
      </div>
      {/* MAP_LOAD=click: Google is asked nothing until the visitor presses this (README, "Privacy"). */}
      {offered ? (
        <div className="office-map__offer">
          <button type="button" className="button button--primary office-map__show" onClick={() => actorRef.send({ type: 'map.load' })}>
            {words.showMap}
          </button>
          <p className="office-map__offer-note">{words.showMapNote}</p>
        </div>
      ) : null}
      {loading ? (
        <p className="office-map__loading" role="status">
          {words.loading}
        </p>
      ) : null}
      {/* On the illustration, as the route's line is on the map: nothing below moves. */}
      {failure === null ? null : (
        <p className="office-map__failure" role="status">
          {words.loadFailed.replace('%s', failure)}
        </p>
      )}
    </div>
  );
}
