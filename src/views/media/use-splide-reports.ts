import { useMemo } from 'react';
import type { SplideCarouselEvents, SplideReport } from '../../services/media/splide-carousel.actor.ts';

/**
 * react-splide's event props as machine events: the instance when Splide has mounted, and
 * Splide's own autoplay hold (hover, focus) and resume. Stable, so a memoised Splide component
 * never re-renders for them.
 */
export function useSplideReports(actorRef: { send(event: SplideReport): void }): SplideCarouselEvents {
  return useMemo<SplideCarouselEvents>(
    () => ({
      onMounted: (splide) => actorRef.send({ type: 'carousel.mounted', splide }),
      onAutoplayPause: () => actorRef.send({ type: 'carousel.hold' }),
      onAutoplayPlay: () => actorRef.send({ type: 'carousel.resume' }),
    }),
    [actorRef],
  );
}
