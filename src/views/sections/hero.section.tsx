// The first screen: the page's only h1 over the hero picture, which is the largest element on
// first paint and so is fetched with high priority and never lazily.
import { hero } from '../../../content/home/hero.ts';
import { SectionLink } from '../menu-scroll.view.tsx';
import { ResponsivePicture } from './parts/responsive-picture.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';

export function HeroSection() {
  return (
    <section id={SECTION.home} className="hero" aria-labelledby={titleIdOf(SECTION.home)}>
      <ResponsivePicture className="hero__media" image={hero.image} sizes="100vw" priority />
      <div className="hero__content container">
        <p className="eyebrow">{hero.eyebrow}</p>
        <h1 id={titleIdOf(SECTION.home)} className="hero__title">
          {hero.heading}
        </h1>
        <p className="hero__lead">{hero.lead}</p>
        <div className="hero__actions">
          <SectionLink className="button button--primary" href={hero.primaryAction.href}>
            {hero.primaryAction.label}
          </SectionLink>
          <SectionLink className="button button--ghost" href={hero.secondaryAction.href}>
            {hero.secondaryAction.label}
          </SectionLink>
        </div>
        <ul className="hero__highlights">
          {hero.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
