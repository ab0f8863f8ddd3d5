// The first screen: the page's only h1 over the hero picture, which is the largest element on
// first paint and so is fetched with high priority and never lazily. It is the hero slider's
// first slide: the heroSlider machine (in hero-slider.view.tsx) turns the section into the
// slider once the page is idle, and the same first slide is what a visitor sees before that,
// without JavaScript, or if the slider cannot run.
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { HeroSlider, type HeroSliderViewProps } from '../media/hero-slider.view.tsx';
import { SectionLink } from '../theme/menu-scroll.view.tsx';
import { ResponsivePicture } from './parts/responsive-picture.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

/** The hero itself: the slider's first slide. */
function FirstSlide() {
  const { hero } = useSiteContent();
  return (
    <>
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
    </>
  );
}

export function HeroSection({ logic, inspect }: Pick<HeroSliderViewProps, 'logic' | 'inspect'> = {}) {
  const { hero } = useSiteContent();
  const slides = [
    { key: hero.image.key, label: hero.heading, content: <FirstSlide /> },
    ...hero.slides.map((slide) => ({
      key: slide.image.key,
      label: slide.heading,
      content: (
        <>
          <ResponsivePicture className="hero__media" image={slide.image} sizes="100vw" />
          <div className="hero__content container">
            <h2 className="hero__title">{slide.heading}</h2>
            <p className="hero__lead">{slide.text}</p>
            <div className="hero__actions">
              <SectionLink className="button button--primary" href={slide.action.href}>
                {slide.action.label}
              </SectionLink>
            </div>
          </div>
        </>
      ),
    })),
  ];
  return (
    <section id={SECTION.home} className="hero" aria-labelledby={titleIdOf(SECTION.home)}>
      <HeroSlider slides={slides} words={hero.slider} logic={logic} inspect={inspect} />
    </section>
  );
}
