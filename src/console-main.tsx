// The console's browser entry (admin/index.html, README.md "The console"): rendered in the
// browser only, never prerendered, and never imported by the public site's entries.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startPageInspector } from './services/shared/page-inspector.service.ts';
import { ConsoleApp } from './views/console/console-app.view.tsx';

const root = document.getElementById('console-root');
if (root === null) throw new Error('admin/index.html has lost its #console-root');
await startPageInspector();
const siteName = document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content ?? '';
createRoot(root).render(
  <StrictMode>
    <ConsoleApp siteName={siteName} />
  </StrictMode>,
);
