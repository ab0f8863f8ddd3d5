// Where to find the offices. Each office links to Google Maps, which works without JavaScript
// and without an API key; the interactive map of a later issue replaces the illustration
// inside .map__canvas.
import { company } from '../../../content/index.ts';
import { map } from '../../../content/home/map.ts';
import { OfficeAddress } from './contact.section.tsx';
import { ResponsivePicture } from './parts/responsive-picture.view.tsx';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';

export function MapSection() {
  const directions = new Map(map.directions.map((entry) => [entry.officeId, entry.text]));
  return (
    <section id={SECTION.map} className="section section--alt map" aria-labelledby={titleIdOf(SECTION.map)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.map)} eyebrow={map.eyebrow} heading={map.heading} intro={map.intro} />
        <div className="map__layout">
          <div className="map__canvas">
            <ResponsivePicture image={map.image} sizes="(min-width: 64em) 720px, 100vw" />
          </div>
          <ul className="map__offices">
            {company.offices.map((office) => (
              <li key={office.id} className="map__office" data-lat={office.coordinates.lat} data-lng={office.coordinates.lng}>
                <h3 className="map__office-name">{office.name}</h3>
                <address>
                  <OfficeAddress office={office} />
                </address>
                {directions.has(office.id) ? <p className="map__directions">{directions.get(office.id)}</p> : null}
                <a className="map__link" href={office.mapsUrl} target="_blank" rel="noopener">
                  {map.linkLabel}
                  <span className="visually-hidden">: {office.name} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
