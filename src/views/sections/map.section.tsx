// Where to find the offices. Each office links to Google Maps and to its driving directions
// there, which work without JavaScript and without an API key; the interactive map replaces the
// illustration inside .map__canvas once it has loaded.
import type { SiteContent } from '../../../content/content-documents.ts';
import { drivingDirectionsUrl } from '../../services/map/maplace.service.ts';
import { OfficeAddress } from './contact.section.tsx';
import { OfficeMap } from '../map/office-map.view.tsx';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

/** The offices in the interactive map's location order (its data-lat/data-lng follow it), then any it leaves out. */
function officesInMapOrder({ map, company }: Pick<SiteContent, 'map' | 'company'>) {
  const order = map.interactive.locations.map((location) => location.officeId);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...company.offices].sort((a, b) => rank(a.id) - rank(b.id));
}

export function MapSection() {
  const content = useSiteContent();
  const { map } = content;
  const directions = new Map(map.directions.map((entry) => [entry.officeId, entry.text]));
  return (
    <section id={SECTION.map} className="section section--alt map" aria-labelledby={titleIdOf(SECTION.map)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.map)} eyebrow={map.eyebrow} heading={map.heading} intro={map.intro} />
        <div className="map__layout">
          <div className="map__stage">
            <OfficeMap />
          </div>
          <ul className="map__offices">
            {officesInMapOrder(content).map((office) => (
              <li key={office.id} className="map__office" data-lat={office.coordinates.lat} data-lng={office.coordinates.lng}>
                <h3 className="map__office-name">{office.name}</h3>
                <address>
                  <OfficeAddress office={office} />
                </address>
                {directions.has(office.id) ? <p className="map__directions">{directions.get(office.id)}</p> : null}
                <p className="map__links">
                  <a className="map__link" href={office.mapsUrl} target="_blank" rel="noopener">
                    {map.linkLabel}
                    <span className="visually-hidden">: {office.name} (opens in a new tab)</span>
                  </a>
                  <a className="map__link" href={drivingDirectionsUrl(office.coordinates.lat, office.coordinates.lng)} target="_blank" rel="noopener">
                    {map.directionsLinkLabel}
                    <span className="visually-hidden">: {office.name} (opens in a new tab)</span>
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
