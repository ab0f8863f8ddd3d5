// In the dev server (`npm run dev`), `?inspect` in the address connects every machine on the
// page to the Stately Inspector (@statelyai/inspect), which opens in a window of its own and
// shows each actor's state, events and transitions as they happen. It is loaded only then:
// `import.meta.env.DEV` is false in a build, so production pages never contain it.
import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

let pageInspect: Inspect | undefined;

/** Starts the inspector when asked for; the page entry awaits it before the first render. */
export async function startPageInspector(): Promise<void> {
  if (import.meta.env.DEV) {
    if (typeof window === 'undefined' || !new URLSearchParams(window.location.search).has('inspect')) return;
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector();
    pageInspect = (event) => inspector.inspect.next?.(event);
  }
}

/** A view's `inspect` option: its own (the model-based harness's), and the page inspector's. */
export function inspectWith(own: Inspect | undefined): Inspect | undefined {
  const page = pageInspect;
  if (!page) return own;
  if (!own) return page;
  return (event) => {
    own(event);
    page(event);
  };
}
