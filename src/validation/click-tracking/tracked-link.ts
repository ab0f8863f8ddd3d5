// Which link a click followed, named as Track The Click names it, so hits and counts carry over
// from the plugin: the link's absolute URL (`target`) and its `anchor`: the link's text; when it
// has none, `image:` + the picture's URL if the link starts with a picture, else its trimmed
// inner HTML. The same naming finds a link again when its counts come back.

/** Links with this class are never tracked (the plugin's opt-out). */
export const NO_TRACK_CLASS = 'no-ttc';
import { ANCHOR_MAX } from './index.ts';

export { ANCHOR_MAX };
/** What the server accepts as a target: pages, and the company's phone and mail links. */
const TRACKED_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'];

export interface TrackedLink {
  target: string;
  anchor: string;
}

/** Cuts to the server's limit without splitting a character written as a surrogate pair. */
function clip(text: string): string {
  if (text.length <= ANCHOR_MAX) return text;
  const cut = text.slice(0, ANCHOR_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The picture a link starts with: an <img>, or the <img> of a <picture>. */
function leadingImage(link: HTMLAnchorElement): HTMLImageElement | null {
  const first = link.firstElementChild;
  if (first?.tagName === 'IMG') return first as HTMLImageElement;
  if (first?.tagName === 'PICTURE') return first.querySelector('img');
  return null;
}

export function anchorOf(link: HTMLAnchorElement): string {
  // innerText is the text as shown (jsdom has only textContent); a hidden-for-screen-readers
  // note such as "(opens in a new tab)" arrives on a line of its own: one line, single spaces.
  const text = (typeof link.innerText === 'string' ? link.innerText : (link.textContent ?? '')).replace(/\s+/g, ' ').trim();
  if (text !== '') return clip(text);
  const image = leadingImage(link);
  // The src attribute's URL, not currentSrc: one picture keeps one name on every screen size.
  if (image) return clip(`image:${image.src}`);
  return clip(link.innerHTML.trim());
}

/** The nearest link around a click's target, or null when the click was not on a link. */
export function linkAround(target: EventTarget | null): HTMLAnchorElement | null {
  if (!target || typeof (target as Element).closest !== 'function') return null;
  const link = (target as Element).closest('a');
  // An <a> inside an SVG has no string href: not a page link.
  return link && typeof link.href === 'string' ? link : null;
}

/** The link as a hit names it; null for links that are not tracked. */
export function trackedLinkOf(link: HTMLAnchorElement): TrackedLink | null {
  if (link.classList.contains(NO_TRACK_CLASS) || !link.hasAttribute('href')) return null;
  let url: URL;
  try {
    url = new URL(link.href);
  } catch {
    return null;
  }
  if (!TRACKED_PROTOCOLS.includes(url.protocol)) return null;
  return { target: link.href, anchor: anchorOf(link) };
}
