// The client logo carousel: renders the logoCarousel machine. Its markup is Splide's (root, track,
// list, slides), prerendered as a plain list of logos; after first paint the machine loads the
// react-splide component (its own chunk), which this view then renders in the list's place,
// passing react-splide's events to the machine. The rotation button (first, as in the WAI-ARIA
// APG carousel) appears once there is a rotation to stop. The clients section's lazy chunk.
import { useMemo } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { logoCarouselMachine } from '../../machines/media/logo-carousel.machine.ts';
import { LOGO_CAROUSEL_INTERVAL_MS, LOGO_CAROUSEL_SPEED_MS } from '../../machines/shared/theme.constants.ts';
import type { SplideCarouselProps } from '../../services/media/splide-carousel.actor.ts';
import { ClientLogo, type ClientLogoKey } from './client-logo.view.tsx';
import type { Home } from '../../../content/structs/home.struct.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { leafPath } from '../shared/leaf-path.ts';
import { RotationButton } from './rotation-button.view.tsx';
import { useSplideReports } from './use-splide-reports.ts';

export interface LogoCarouselClient {
  name: string;
  logo: ClientLogoKey;
}

export interface LogoCarouselProps {
  clients: readonly LogoCarouselClient[];
  /** What the carousel and its controls are called (content/documents/clients.json). */
  words: Home['clients']['carousel'];
  /** Id of the carousel's root (the list, then Splide's root). */
  rootId: string;
  /** The machine to run; tests pass `logoCarouselMachine.provide({ actors })` with fakes. */
  logic?: typeof logoCarouselMachine;
  /** Receives the actor system's inspection events (the model-based harness records coverage). */
  inspect?: (event: InspectionEvent) => void;
}

/** The prerendered list (and the page while the chunk loads or when it failed): Splide's markup, no Splide. */
function LogoList({ slides, label, rootId }: { slides: SplideCarouselProps['slides']; label: string; rootId: string }) {
  return (
    <div id={rootId} className="splide is-rendered logo-carousel__viewport" aria-label={label}>
      <div className="splide__track">
        <ul className="splide__list">
          {slides.map((slide) => (
            <li key={slide.key} className="splide__slide logo-carousel__slide">
              {slide.content}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The chunk's react-splide component (loaded by the machine, not by React.lazy). */
const loadSplideCarousel = () => import('./splide-logo-carousel.view.tsx');

export function LogoCarousel({ clients, words, rootId, logic = logoCarouselMachine, inspect }: LogoCarouselProps) {
  const { label } = words;
  const actorRef = useActorRef(logic, { input: { rootId, label, load: loadSplideCarousel }, inspect: inspectWith(inspect) });
  const state = useSelector(actorRef, (snapshot) => leafPath(snapshot.value));
  // The component, while the machine has it on the page (mounting, mounted; not once it failed).
  const Carousel = useSelector(actorRef, (snapshot) => (snapshot.hasTag('splide') ? snapshot.context.carousel : undefined));
  const rotation = useSelector(actorRef, (snapshot) => snapshot.hasTag('rotation'));
  const canPlay = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'rotation.play' }));
  const slides = useMemo(
    () => clients.map((client) => ({ key: client.logo, content: <ClientLogo logo={client.logo} name={client.name} /> })),
    [clients],
  );
  const events = useSplideReports(actorRef);

  return (
    <div className="logo-carousel" data-state={state}>
      {/* The bar keeps its room in every state, so the button's arrival moves nothing. */}
      <div className="logo-carousel__controls">
        <RotationButton
          className="logo-carousel__rotation"
          hidden={!rotation}
          controls={rootId}
          canPlay={canPlay}
          words={words}
          onToggle={() => actorRef.send({ type: canPlay ? 'rotation.play' : 'rotation.pause' })}
        />
      </div>
      {Carousel ? (
        // An error thrown by Splide would otherwise unmount the whole page: the machine hears of
        // it and goes back to the list (the fallback shows it in the same commit).
        <ErrorBoundary
          fallback={<LogoList slides={slides} label={label} rootId={rootId} />}
          onError={() => actorRef.send({ type: 'carousel.error' })}
        >
          <Carousel
            rootId={rootId}
            label={label}
            words={words}
            intervalMs={LOGO_CAROUSEL_INTERVAL_MS}
            speedMs={LOGO_CAROUSEL_SPEED_MS}
            slides={slides}
            {...events}
          />
        </ErrorBoundary>
      ) : (
        <LogoList slides={slides} label={label} rootId={rootId} />
      )}
    </div>
  );
}

export default LogoCarousel;
