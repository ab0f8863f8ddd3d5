// The client logo carousel: renders the logoCarousel machine. Its markup is Splide's (root, track,
// list, slides), prerendered as a plain list of logos; the machine's service mounts Splide on it
// after first paint and the rotation button (first, as in the WAI-ARIA APG carousel) appears
// once there is a rotation to stop. The clients section's lazy chunk (default export).
import { memo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent, StateValue } from 'xstate';
import { logoCarouselMachine } from '../machines/logo-carousel.machine.ts';
import { ClientLogo, type ClientLogoKey } from './client-logo.view.tsx';

export interface LogoCarouselClient {
  name: string;
  logo: ClientLogoKey;
}

export interface LogoCarouselProps {
  clients: readonly LogoCarouselClient[];
  /** The carousel's accessible name. */
  label: string;
  /** Id of the element Splide mounts on. */
  rootId: string;
  /** The machine to run; tests pass `logoCarouselMachine.provide({ actors })` with fakes. */
  logic?: typeof logoCarouselMachine;
  /** Receives the actor system's inspection events (the model-based harness records coverage). */
  inspect?: (event: InspectionEvent) => void;
}

/** Active leaf state as a dot path, e.g. "mounted.playing.held". */
function leafPath(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? ['', undefined];
  return child ? `${key}.${leafPath(child)}` : key;
}

// Splide owns this subtree once mounted (clones, arrows, pagination): it never re-renders.
const LogoList = memo(function LogoList({ clients, label, rootId }: Pick<LogoCarouselProps, 'clients' | 'label' | 'rootId'>) {
  return (
    <div id={rootId} className="splide is-rendered logo-carousel__viewport" aria-label={label}>
      <div className="splide__track">
        <ul className="splide__list">
          {clients.map((client) => (
            <li key={client.logo} className="splide__slide logo-carousel__slide">
              <ClientLogo logo={client.logo} name={client.name} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
});

export function LogoCarousel({ clients, label, rootId, logic = logoCarouselMachine, inspect }: LogoCarouselProps) {
  const actorRef = useActorRef(logic, { input: { rootId, label }, inspect });
  const state = useSelector(actorRef, (snapshot) => leafPath(snapshot.value));
  const rotation = useSelector(actorRef, (snapshot) => snapshot.hasTag('rotation'));
  const canPlay = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'rotation.play' }));

  return (
    <div className="logo-carousel" data-state={state}>
      {/* The bar keeps its room in every state, so the button's arrival moves nothing. */}
      <div className="logo-carousel__controls">
        <button
          type="button"
          className="logo-carousel__rotation"
          hidden={!rotation}
          aria-controls={rootId}
          aria-label={canPlay ? 'Start automatic logo rotation' : 'Stop automatic logo rotation'}
          onClick={() => actorRef.send({ type: canPlay ? 'rotation.play' : 'rotation.pause' })}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={canPlay ? 'M8 5v14l11-7z' : 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z'} fill="currentColor" />
          </svg>
        </button>
      </div>
      <LogoList clients={clients} label={label} rootId={rootId} />
    </div>
  );
}

export default LogoCarousel;
