// The browser entry, kept tiny on purpose: the prerendered page is complete without script, so
// it is painted first, with its priority picture, and only then is the application fetched and
// hydrated (hydrate.tsx, a chunk of its own). On a slow phone line the picture and the
// stylesheet no longer share the bandwidth with 90 KB of JavaScript the first screen does not
// need; the page answers clicks once hydrated, as before.
import { afterFirstScreen } from './services/shared/after-first-screen.service.ts';

void afterFirstScreen().then(() => import('./hydrate.tsx'));
