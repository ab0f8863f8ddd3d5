// Hydrates the prerendered page (loaded by main.tsx once the first screen is shown). The page
// is chosen from location.pathname by the same resolveRoute the prerender used, and the query
// string (the project grid's `?category=`) is the one the server chose the prerendered variant
// by, so the first client render matches the HTML. The content is the documents the page
// carries beside its HTML (`<script type="application/json" id="page-content">`, written by the
// renderer from the same documents it rendered with), and its pictures' entries (`page-images`):
// no copy and no image manifest is compiled into the JavaScript.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startPageInspector } from './services/shared/page-inspector.service.ts';
import { App } from './views/app.tsx';
import { carriedPageData, SiteContentProvider } from './views/shared/site-content.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const { content, images } = carriedPageData(document);

const app = (
  <StrictMode>
    <SiteContentProvider content={content} images={images}>
      <App path={window.location.pathname} search={window.location.search} />
    </SiteContentProvider>
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
