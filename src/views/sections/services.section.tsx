import { SectionHeading } from './parts/section-heading.view.tsx';
import { ServiceIcon } from './parts/service-icon.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

export function ServicesSection() {
  const { services } = useSiteContent();
  return (
    <section id={SECTION.services} className="section section--alt services" aria-labelledby={titleIdOf(SECTION.services)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.services)} eyebrow={services.eyebrow} heading={services.heading} intro={services.intro} />
        <ul className="card-grid">
          {services.items.map((service) => (
            <li key={service.id} id={`service-${service.id}`} className="card service-card">
              <ServiceIcon name={service.icon} />
              <h3>{service.title}</h3>
              <p>{service.summary}</p>
              <ul className="tick-list">
                {service.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
