// The client logo carousel as @splidejs/react-splide renders it: the same root, track, list and
// slides as the prerendered list, so Splide takes over without moving a logo. Its own chunk
// (with Splide and Splide's core CSS), imported by the logoCarousel machine's loader after first
// paint; the view renders it once loaded. It decides nothing: react-splide's event props (the
// instance on mount, autoplay pause/play) go to the machine, which drives the instance.
import { memo } from 'react';
import { Splide, SplideSlide, SplideTrack, type Options } from '@splidejs/react-splide';
import '@splidejs/react-splide/css/core';
import type { SplideCarouselProps } from '../../services/media/splide-carousel.actor.ts';

/** Splide's i18n from the content's words. */
const i18nOf = (words: SplideCarouselProps['words']): Options['i18n'] => ({
  prev: words.previous,
  next: words.next,
  first: words.first,
  last: words.last,
  slideX: words.goTo,
  pageX: words.page,
  carousel: 'carousel',
  slide: 'slide',
  select: words.select,
  slideLabel: '%s of %s',
});

// Splide owns the DOM under its root once mounted (clones, arrows, pagination): memo keeps React
// from touching it again; react-splide binds its event props once, when it mounts.
export const SplideLogoCarousel = memo(function SplideLogoCarousel({
  rootId,
  label,
  words,
  intervalMs,
  speedMs,
  slides,
  onMounted,
  onAutoplayPause,
  onAutoplayPlay,
}: SplideCarouselProps) {
  const options: Options = {
    type: 'loop',
    label,
    // A group, not a landmark: the carousel sits inside its section's region.
    role: 'group',
    perPage: 5,
    perMove: 1,
    gap: '1.5rem',
    interval: intervalMs,
    speed: speedMs,
    // Autoplay is wired (hover and focus pause it) but starts paused: the machine plays it.
    autoplay: 'pause',
    pauseOnHover: true,
    pauseOnFocus: true,
    resetProgress: false,
    i18n: i18nOf(words),
    // The same breakpoints as clients.css gives the prerendered list, so nothing moves on mount.
    breakpoints: { 960: { perPage: 4 }, 720: { perPage: 3 }, 480: { perPage: 2 } },
  };
  return (
    <Splide
      id={rootId}
      className="logo-carousel__viewport"
      aria-label={label}
      hasTrack={false}
      options={options}
      onMounted={onMounted}
      onAutoplayPause={onAutoplayPause}
      onAutoplayPlay={onAutoplayPlay}
    >
      <SplideTrack>
        {slides.map((slide) => (
          <SplideSlide key={slide.key} className="logo-carousel__slide">
            {slide.content}
          </SplideSlide>
        ))}
      </SplideTrack>
    </Splide>
  );
});

export default SplideLogoCarousel;
