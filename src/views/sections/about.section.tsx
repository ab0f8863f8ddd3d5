import { ResponsivePicture } from './parts/responsive-picture.view.tsx';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { useSiteContent } from '../shared/site-content.tsx';

export function AboutSection() {
  const { about } = useSiteContent();
  return (
    <section id={SECTION.about} className="section about" aria-labelledby={titleIdOf(SECTION.about)}>
      <div className="container about__layout">
        <ResponsivePicture className="about__media" image={about.image} sizes="(min-width: 64em) 480px, (min-width: 48em) 40vw, 100vw" />
        <div className="about__text">
          <SectionHeading id={titleIdOf(SECTION.about)} eyebrow={about.eyebrow} heading={about.heading} />
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <ul className="about__points">
            {about.points.map((point) => (
              <li key={point.title} className="about__point">
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
