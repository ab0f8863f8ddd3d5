// The hero slider as @splidejs/react-splide renders it: a fade between the hero and the other
// slides from content, Splide's own previous/next arrows and slide picker, autoplay wired (held
// on hover and focus) but started by the heroSlider machine. Its own chunk (with Splide and its
// core CSS), loaded after the page is idle. It decides nothing: the instance and autoplay's
// pause/play go to the machine through react-splide's event props.
import { memo } from 'react';
import { Splide, SplideSlide, SplideTrack, type Options } from '@splidejs/react-splide';
import '@splidejs/react-splide/css/core';
import type { HeroSliderProps } from '../../services/media/hero-slider.actor.ts';

export const SplideHeroSlider = memo(function SplideHeroSlider({ rootId, words, intervalMs, speedMs, slides, onMounted, onAutoplayPause, onAutoplayPlay }: HeroSliderProps) {
  const options: Options = {
    type: 'fade',
    rewind: true,
    label: words.label,
    // A group inside the hero's own region, not a landmark of its own.
    role: 'group',
    speed: speedMs,
    rewindSpeed: speedMs,
    interval: intervalMs,
    // Wired (hover and focus hold it) but paused: the machine plays it.
    autoplay: 'pause',
    pauseOnHover: true,
    pauseOnFocus: true,
    resetProgress: false,
    // Swipe on touch screens; a flick moves one slide.
    drag: true,
    // Splide's own reduced-motion setting: no fade; the machine never plays it then.
    reducedMotion: { speed: 0, rewindSpeed: 0, autoplay: 'pause' },
    i18n: {
      prev: words.previous,
      next: words.next,
      slideX: words.goTo,
      pageX: words.goTo,
      carousel: 'carousel',
      slide: 'slide',
      select: words.select,
      slideLabel: '%s of %s',
    },
  };
  return (
    <Splide
      id={rootId}
      className="hero__slider"
      aria-label={words.label}
      hasTrack={false}
      options={options}
      onMounted={onMounted}
      onAutoplayPause={onAutoplayPause}
      onAutoplayPlay={onAutoplayPlay}
    >
      <SplideTrack>
        {slides.map((slide) => (
          <SplideSlide key={slide.key} className="hero__slide">
            {slide.content}
          </SplideSlide>
        ))}
      </SplideTrack>
    </Splide>
  );
});

export default SplideHeroSlider;
