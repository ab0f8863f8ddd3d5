// The gallery lightbox's engine: lightGallery in dynamic mode with its thumbnail plugin, in a
// chunk of its own that loads on the first click on a picture (with lightGallery's stylesheet
// and this site's additions to it). The counter is the site's own, in words, so lightGallery's
// "3 / 8" is off; the keyboard is the actor's (gallery-lightbox.actor.ts), so lightGallery's
// own keys are off too. The thumbnails are sized so that the theme's number of them fits.
import lightGallery from 'lightgallery';
import lgThumbnail from 'lightgallery/plugins/thumbnail';
import 'lightgallery/css/lightgallery.css';
import 'lightgallery/css/lg-thumbnail.css';
import '../styles/lightbox.css';
import { LIGHTBOX_SWIPE_THRESHOLD_PX } from '../../machines/shared/theme.constants.ts';
import type { LightboxEngine } from '../../services/media/gallery-lightbox.types.ts';
import { escapeHtml } from '../../validation/shared/escape-html.ts';

/** Space between thumbnails and at the strip's ends (lightGallery's default margin). */
const THUMB_MARGIN_PX = 5;
const OPEN_SPEED_MS = 400;

export const openLightbox: LightboxEngine['openLightbox'] = (input, reports) => {
  const { container } = input;
  const thumbWidth = Math.floor((window.innerWidth - (input.thumbnails + 1) * THUMB_MARGIN_PX) / input.thumbnails);
  const speed = input.reducedMotion ? 0 : OPEN_SPEED_MS;
  const gallery = lightGallery(container, {
    licenseKey: input.licenseKey,
    dynamic: true,
    // Every browser this site supports reads <picture> and srcset (no picturefill warnings).
    supportLegacyBrowser: false,
    dynamicEl: input.items.map((item) => ({
      src: item.src,
      srcset: item.srcset,
      sizes: item.sizes,
      sources: item.sources,
      alt: item.alt,
      // lightGallery inserts it as HTML: the caption is text, so it goes in escaped.
      subHtml: escapeHtml(item.caption),
      thumb: item.thumb,
    })),
    plugins: [lgThumbnail],
    thumbnail: true,
    thumbWidth,
    thumbMargin: THUMB_MARGIN_PX,
    thumbHeight: `${Math.round((thumbWidth * 3) / 4)}px`,
    alignThumbnails: 'left',
    // The current thumbnail leads the strip, so the theme's number of them is fully in view.
    currentPagerPosition: 'left',
    counter: false,
    download: false,
    keyPress: false,
    escKey: false,
    swipeThreshold: LIGHTBOX_SWIPE_THRESHOLD_PX,
    mode: 'lg-fade',
    speed,
    startAnimationDuration: speed,
    backdropDuration: input.reducedMotion ? 0 : 300,
    zoomFromOrigin: false,
    hideBarsDelay: 0,
    mobileSettings: { controls: true, showCloseIcon: true, download: false },
    // Every string lightGallery asks for; those of controls it does not show here (maximize,
    // download, video) stay empty.
    strings: {
      closeGallery: input.words.close,
      toggleMaximize: '',
      previousSlide: input.words.previous,
      nextSlide: input.words.next,
      download: '',
      playVideo: '',
      mediaLoadingFailed: input.words.imageFailed,
    },
  });
  const brokenAt = (index: number) => gallery.getSlideItem(index).get()?.querySelector('.lg-error-msg') != null;
  // lightGallery ignores a command while it opens or slides; a visitor's key pressed then is
  // kept (the latest one) and carried out as soon as it is ready.
  let pending: (() => void) | null = null;
  const whenReady = (command: () => void) => {
    if (gallery.lgBusy || !gallery.lGalleryOn) pending = command;
    else command();
  };
  const runPending = () => {
    const command = pending;
    pending = null;
    if (command) whenReady(command);
  };
  const onSlide = (event: Event) => {
    const index = slideIndexOf(event);
    if (index !== null) reports.slid(index, brokenAt(index));
    runPending();
  };
  const onItemLoad = (event: Event) => {
    const index = slideIndexOf(event);
    if (index !== null && brokenAt(index)) reports.failed(index);
  };
  const onClosed = () => reports.closed();
  container.addEventListener('lgAfterOpen', runPending);
  container.addEventListener('lgAfterSlide', onSlide);
  container.addEventListener('lgSlideItemLoad', onItemLoad);
  container.addEventListener('lgAfterClose', onClosed);
  gallery.openGallery(input.index);
  const dialog = gallery.$container.get();
  dialog.setAttribute('aria-label', input.words.label);
  return {
    previous: () => whenReady(() => gallery.goToPrevSlide()),
    next: () => whenReady(() => gallery.goToNextSlide()),
    close: () => gallery.closeGallery(),
    destroy: () => {
      container.removeEventListener('lgAfterOpen', runPending);
      container.removeEventListener('lgAfterSlide', onSlide);
      container.removeEventListener('lgSlideItemLoad', onItemLoad);
      container.removeEventListener('lgAfterClose', onClosed);
      gallery.destroy();
    },
    toolbar: gallery.$toolbar.get(),
    dialog,
  };
};

/** The slide a lightGallery event is about (its detail's `index`). */
function slideIndexOf(event: Event): number | null {
  const detail: unknown = event instanceof CustomEvent ? event.detail : null;
  return typeof detail === 'object' && detail !== null && 'index' in detail && typeof detail.index === 'number' ? detail.index : null;
}
