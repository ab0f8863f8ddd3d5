// The page-wide motion effects, mounted by the app shell: scroll-reveal always (it waits for
// the page to load, and does nothing under reduced motion) and the seasonal snow when the
// content switches it on. Both are lazy chunks, so none of their code is in the first script;
// the snow's chunk is not even requested while snow is off.
import { Suspense } from 'react';
import { lazyPart } from '../shared/lazy-part.ts';
import { useSiteContent } from '../shared/site-content.tsx';
// In the first stylesheet, not the snow's chunk: the prerendered canvas is styled at first paint.

const ScrollReveal = lazyPart(() => import('./scroll-reveal.view.tsx'));
const Snow = lazyPart(() => import('./snow.view.tsx'));

export function MotionEffects() {
  const { site } = useSiteContent();
  return (
    <Suspense fallback={null}>
      <ScrollReveal />
      {site.effects.snow ? <Snow enabled /> : null}
    </Suspense>
  );
}
