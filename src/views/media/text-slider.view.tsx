// The testimonials slider: renders the textSlider machine. In `listing` (the prerendered HTML and
// the first, hydrating render) it is a plain list of every quote; once the machine runs it is a
// WAI-ARIA APG carousel: rotation button first, then previous/next and "n of m", then the slides,
// stacked in one grid cell so the tallest sets the height and a change of slide moves nothing.
// It is the testimonials section's lazy chunk (default export).
import { useId, type CSSProperties } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { textSliderMachine } from '../../machines/media/text-slider.machine.ts';
import { TEXT_SLIDER_FADE_MS } from '../../machines/shared/theme.constants.ts';
import type { Home } from '../../../content/structs/home.struct.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { leafPath } from '../shared/leaf-path.ts';
import { RotationButton } from './rotation-button.view.tsx';

export interface TextSlide {
  quote: string;
  name: string;
  role: string;
  organisation: string;
}

export interface TextSliderProps {
  slides: readonly TextSlide[];
  /** The carousel's accessible name. */
  label: string;
  /** What its buttons are called (content/documents/testimonials.json). */
  controls: Home['testimonials']['controls'];
  /** The machine to run; tests pass `textSliderMachine.provide({ actors })` with fakes. */
  logic?: typeof textSliderMachine;
  /** Receives the actor system's inspection events (the model-based harness records coverage). */
  inspect?: (event: InspectionEvent) => void;
}

function Quote({ slide }: { slide: TextSlide }) {
  return (
    <figure className="testimonial">
      <blockquote className="testimonial__quote">
        <p>{slide.quote}</p>
      </blockquote>
      <figcaption className="testimonial__source">
        <span className="testimonial__name">{slide.name}</span>
        <span className="testimonial__role">
          {slide.role}, {slide.organisation}
        </span>
      </figcaption>
    </figure>
  );
}

function ArrowIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'next' ? 'm9.4 5.6-1.4 1.4 5 5-5 5 1.4 1.4 6.4-6.4z' : 'm14.6 5.6 1.4 1.4-5 5 5 5-1.4 1.4L8.2 12z'}
        fill="currentColor"
      />
    </svg>
  );
}

export function TextSlider({ slides, label, controls, logic = textSliderMachine, inspect }: TextSliderProps) {
  const actorRef = useActorRef(logic, { input: { count: slides.length }, inspect: inspectWith(inspect) });
  const state = useSelector(actorRef, (snapshot) => leafPath(snapshot.value));
  const index = useSelector(actorRef, (snapshot) => snapshot.context.index);
  const slider = useSelector(actorRef, (snapshot) => snapshot.hasTag('slider'));
  const fade = useSelector(actorRef, (snapshot) => snapshot.hasTag('fade'));
  const rotation = useSelector(actorRef, (snapshot) => snapshot.hasTag('rotation'));
  const autoplay = useSelector(actorRef, (snapshot) => snapshot.hasTag('autoplay'));
  const canPlay = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'rotation.play' }));
  const slidesId = `${useId()}slides`;

  if (!slider) {
    // Exactly the prerendered markup: every quote readable without JavaScript. The empty controls
    // bar keeps the buttons' room, so nothing moves when they appear (hidden with JS off, in CSS).
    return (
      <div className="text-slider" data-state={state}>
        <div className="text-slider__controls" />
        <ul className="text-slider__slides">
          {slides.map((slide) => (
            <li key={slide.name} className="text-slider__slide">
              <Quote slide={slide} />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const send = actorRef.send;
  // A custom property set by React in the browser (the CSP forbids style attributes in HTML).
  const style = { '--text-slider-fade': `${TEXT_SLIDER_FADE_MS}ms` } as CSSProperties;
  return (
    <div
      className={['text-slider', 'is-enhanced', fade ? 'is-fading' : 'is-still'].join(' ')}
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      data-state={state}
      style={style}
      onMouseEnter={() => send({ type: 'pointer.enter' })}
      onMouseLeave={() => send({ type: 'pointer.leave' })}
      onFocus={() => send({ type: 'focus.enter' })}
      onBlur={(event) => {
        // Moving between the slider's own controls is not leaving it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) send({ type: 'focus.leave' });
      }}
    >
      <div className="text-slider__controls">
        {rotation ? (
          <RotationButton
            className="text-slider__button text-slider__rotation"
            canPlay={canPlay}
            words={controls}
            onToggle={() => send({ type: canPlay ? 'rotation.play' : 'rotation.pause' })}
          />
        ) : null}
        <button type="button" className="text-slider__button" aria-controls={slidesId} aria-label={controls.previous} onClick={() => send({ type: 'slide.previous' })}>
          <ArrowIcon direction="previous" />
        </button>
        <p className="text-slider__position" aria-hidden="true">
          {index + 1} of {slides.length}
        </p>
        <button type="button" className="text-slider__button" aria-controls={slidesId} aria-label={controls.next} onClick={() => send({ type: 'slide.next' })}>
          <ArrowIcon direction="next" />
        </button>
      </div>
      {/* Announces a slide the visitor chose; silent while the slides change by themselves. */}
      <div id={slidesId} className="text-slider__slides" aria-live={autoplay ? 'off' : 'polite'}>
        {slides.map((slide, position) => (
          <div
            key={slide.name}
            className={position === index ? 'text-slider__slide is-current' : 'text-slider__slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${slides.length}`}
            // Slides not on show are out of reach of the keyboard and screen readers.
            inert={position !== index}
          >
            <Quote slide={slide} />
          </div>
        ))}
      </div>
    </div>
  );
}

export default TextSlider;
