// The gallery's grid of pictures, each a link to its largest version, with the lightbox over
// them: renders the galleryLightbox machine. A plain click on a picture (not one that asks for a
// new tab) opens the lightbox while the machine can; the counter in words and the error text go
// into lightGallery's toolbar; on closing, the focus goes back to the link that opened it.
import { useEffect, useRef, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import type { Home } from '../../../content/structs/home.struct.ts';
import { galleryLightboxMachine } from '../../machines/media/gallery-lightbox.machine.ts';
import type { LoadedLightbox } from '../../services/media/gallery-lightbox.types.ts';
import { fetchSiteConfig } from '../../services/shared/site-config.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { lightboxItemsOf } from './gallery-lightbox.items.ts';
import { isPlainClick } from '../shared/plain-click.ts';
import { usePageImages } from '../shared/site-content.tsx';
import { ResponsivePicture } from '../sections/parts/responsive-picture.view.tsx';

/** lightGallery's key for sites under its GPLv3 licence; a commercial key replaces it. */
export const LIGHTGALLERY_GPL_LICENSE_KEY = '0000-0000-000-0000';

/** The engine's chunk and the configured licence key, together; without a key, the GPLv3 one. */
async function loadLightbox(): Promise<LoadedLightbox> {
  const [engine, config] = await Promise.all([import('./lightgallery-engine.ts'), fetchSiteConfig().catch(() => null)]);
  return { engine, licenseKey: config?.lightGalleryLicenseKey ?? LIGHTGALLERY_GPL_LICENSE_KEY };
}

export interface GalleryGridProps {
  gallery: Home['gallery'];
  /** The machine to run; tests pass `galleryLightboxMachine.provide({ actors })` with stand-ins. */
  logic?: typeof galleryLightboxMachine;
  load?: () => Promise<LoadedLightbox>;
  inspect?: (event: InspectionEvent) => void;
}

export function GalleryGrid({ gallery, logic = galleryLightboxMachine, load = loadLightbox, inspect }: GalleryGridProps) {
  const { lightbox: words } = gallery;
  // Each link's address is its picture's largest version: the lightbox item's own `src`.
  const items = lightboxItemsOf(gallery.items, usePageImages().manifest);
  const actorRef = useActorRef(logic, {
    input: { items, words, load },
    inspect: inspectWith(inspect),
  });
  const toolbar = useSelector(actorRef, (snapshot) => (snapshot.hasTag('open') ? snapshot.context.toolbar : undefined));
  const shown = useSelector(actorRef, (snapshot) => snapshot.context.index);
  const failed = useSelector(actorRef, (snapshot) => snapshot.hasTag('failed'));
  const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const links = useRef<Array<HTMLAnchorElement | null>>([]);

  useEffect(() => {
    const closing = actorRef.on('closed', ({ index }) => links.current[index]?.focus());
    return () => closing.unsubscribe();
  }, [actorRef]);

  const open = (event: MouseEvent, index: number) => {
    if (!isPlainClick(event) || !actorRef.getSnapshot().can({ type: 'item.activate', index })) return;
    event.preventDefault();
    actorRef.send({ type: 'item.activate', index });
  };

  return (
    <>
      <ul className="gallery-grid" aria-busy={busy || undefined}>
        {gallery.items.map((item, index) => (
          <li key={item.image.key} className="gallery-grid__item">
            <figure className="gallery-item">
              <a
                className="gallery-item__link"
                href={items[index]!.src}
                ref={(link) => {
                  links.current[index] = link;
                }}
                onClick={(event) => open(event, index)}
              >
                <ResponsivePicture image={item.image} sizes="(min-width: 75em) 276px, (min-width: 64em) 23vw, (min-width: 40em) 45vw, 100vw" />
              </a>
              <figcaption>{item.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {toolbar
        ? createPortal(
            <>
              <p className="lightbox-counter" role="status">
                {words.counter.replace('%1$s', String(shown + 1)).replace('%2$s', String(gallery.items.length))}
              </p>
              <p className="visually-hidden" role="alert">
                {failed ? words.imageFailed : ''}
              </p>
            </>,
            toolbar,
          )
        : null}
    </>
  );
}
