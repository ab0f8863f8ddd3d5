// The hero slider: renders the heroSlider machine. Until the machine has the slider mounted (and
// for good once it failed or hit a limit) it renders the first slide alone, exactly as
// prerendered; then the Splide chunk's slider in its place, whose react-splide events go to the
// machine. The pause button (with the slider's own arrows and slide picker) shows while there is
// a rotation to stop. An error thrown inside Splide reaches the machine through the boundary.
import { ErrorBoundary } from 'react-error-boundary';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import type { Home } from '../../../content/structs/home.struct.ts';
import { heroSliderMachine } from '../../machines/media/hero-slider.machine.ts';
import { HERO_SLIDER_FADE_MS, HERO_SLIDER_INTERVAL_MS } from '../../machines/shared/theme.constants.ts';
import type { HeroSliderProps } from '../../services/media/hero-slider.actor.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { leafPath } from '../shared/leaf-path.ts';
import { RotationButton } from './rotation-button.view.tsx';
import { useSplideReports } from './use-splide-reports.ts';

export const HERO_SLIDER_ID = 'hero-slider';

export interface HeroSliderViewProps {
  slides: HeroSliderProps['slides'];
  words: Home['hero']['slider'];
  /** The machine to run; tests pass `heroSliderMachine.provide({ actors })` with fakes. */
  logic?: typeof heroSliderMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** The chunk's react-splide slider (loaded by the machine, not by React.lazy). */
const loadHeroSlider = () => import('./splide-hero-slider.view.tsx');

/** The first slide on its own: the prerendered hero. */
function StaticHero({ slide }: { slide: HeroSliderProps['slides'][number] | undefined }) {
  return <div className="hero__slide">{slide?.content}</div>;
}

export function HeroSlider({ slides, words, logic = heroSliderMachine, inspect }: HeroSliderViewProps) {
  const actorRef = useActorRef(logic, { input: { load: loadHeroSlider }, inspect: inspectWith(inspect) });
  const state = useSelector(actorRef, (snapshot) => leafPath(snapshot.value));
  const Slider = useSelector(actorRef, (snapshot) => (snapshot.hasTag('slider') ? snapshot.context.slider : undefined));
  const rotation = useSelector(actorRef, (snapshot) => snapshot.hasTag('rotation'));
  const canPlay = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'rotation.play' }));
  const events = useSplideReports(actorRef);
  const first = slides[0];

  return (
    <div className="hero__stage" data-state={state}>
      {Slider ? (
        <ErrorBoundary fallback={<StaticHero slide={first} />} onError={(error) => actorRef.send({ type: 'slider.error', error })}>
          <Slider rootId={HERO_SLIDER_ID} words={words} intervalMs={HERO_SLIDER_INTERVAL_MS} speedMs={HERO_SLIDER_FADE_MS} slides={slides} {...events} />
        </ErrorBoundary>
      ) : (
        <StaticHero slide={first} />
      )}
      <RotationButton
        className="hero__rotation"
        hidden={!rotation}
        controls={HERO_SLIDER_ID}
        canPlay={canPlay}
        words={words}
        onToggle={() => actorRef.send({ type: canPlay ? 'rotation.play' : 'rotation.pause' })}
      />
    </div>
  );
}
