// The open lightbox: lightGallery's dialog at the end of <body>, the rest of the page inert while it is open (focus cannot leave it, whatever
// loads inside, and a screen reader reads only it), the focus moved into it, and the arrow keys
// and Escape taken before anything else on the page sees them (they move or close the lightbox
// and never reach a widget behind it). Its engine's reports become the machine's events.
import { fromCallback, type EventObject } from 'xstate';
import type { LightboxEngine, LightboxHandle, LightboxItem, LightboxWords } from './gallery-lightbox.types.ts';
import { makeRestInert } from '../shared/page-inert.actor.ts';

export const GALLERY_LIGHTBOX_ID = 'gallery-lightbox';

export interface GalleryLightboxInput {
  engine: LightboxEngine;
  items: readonly LightboxItem[];
  index: number;
  words: LightboxWords;
  licenseKey: string;
  /** How many thumbnails the strip shows at a viewport width (the theme's breakpoints). */
  thumbnailsAt: (viewportWidth: number) => number;
}

export type GalleryLightboxEvent =
  | { type: 'lightbox.opened'; toolbar: HTMLElement }
  | { type: 'lightbox.slid'; index: number; broken: boolean }
  | { type: 'lightbox.failed'; index: number }
  | { type: 'lightbox.closed' };

const ESCAPE_KEY_CODE = 27;

/** The key's command for the lightbox, or null for a key it leaves alone. */
function commandOf(event: KeyboardEvent): ((handle: LightboxHandle) => void) | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === 'ArrowLeft') return (handle) => handle.previous();
  if (event.key === 'ArrowRight') return (handle) => handle.next();
  if (event.key === 'Escape' || event.keyCode === ESCAPE_KEY_CODE) return (handle) => handle.close();
  return null;
}

export const galleryLightbox = fromCallback<EventObject, GalleryLightboxInput>(({ input, sendBack }) => {
  const report = (event: GalleryLightboxEvent) => sendBack(event);
  // The element lightGallery is set up on (it reports there); it draws its dialog at the end
  // of <body>, where no transformed ancestor can misplace it.
  const container = document.createElement('div');
  container.id = GALLERY_LIGHTBOX_ID;
  container.hidden = true;
  document.body.append(container);
  const handle = input.engine.openLightbox(
    {
      container,
      items: input.items,
      index: input.index,
      thumbnails: input.thumbnailsAt(window.innerWidth),
      words: input.words,
      licenseKey: input.licenseKey,
      reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    },
    {
      slid: (index, broken) => report({ type: 'lightbox.slid', index, broken }),
      failed: (index) => report({ type: 'lightbox.failed', index }),
      closed: () => report({ type: 'lightbox.closed' }),
    },
  );
  const giveBack = makeRestInert(handle.dialog);
  report({ type: 'lightbox.opened', toolbar: handle.toolbar });
  handle.dialog.focus({ preventScroll: true });
  const onKey = (event: KeyboardEvent) => {
    const command = commandOf(event);
    if (command === null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    command(handle);
  };
  window.addEventListener('keydown', onKey, { capture: true });
  return () => {
    window.removeEventListener('keydown', onKey, { capture: true });
    handle.destroy();
    giveBack();
    container.remove();
  };
});
