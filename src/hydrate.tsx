// Hydrates the prerendered page (loaded by main.tsx once the first screen is shown). The page
// is chosen from location.pathname by the same resolveRoute the prerender used, and the query
// string (the project grid's `?category=`) is the one the server chose the prerendered variant
// by, so the first client render matches the HTML.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startPageInspector } from './services/shared/page-inspector.service.ts';
import { App } from './views/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App path={window.location.pathname} search={window.location.search} />
  </StrictMode>
);

// `?inspect` in the dev server: the machines report to the Stately Inspector from their start
// (in a build this resolves at once).
void startPageInspector().then(() => {
  // Every built page is prerendered; an empty root only happens if index.html is served raw.
  // Hydrated as a transition: React then works in slices of a few milliseconds and lets the
  // browser answer input and paint in between, instead of one long task for the whole page
  // (Lighthouse counted it as blocking time on a phone).
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
