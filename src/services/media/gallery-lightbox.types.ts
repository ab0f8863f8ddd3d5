// What the gallery lightbox's engine (the lightGallery chunk, `lightgallery-engine.ts`) takes
// and gives: the machine's actor opens it, the tests replace it with a stand-in.

/** A picture as the lightbox shows it: responsive sources, its text alternative and caption. */
export interface LightboxItem {
  src: string;
  srcset: string;
  sizes: string;
  sources: Array<{ srcset: string; type: string }>;
  alt: string;
  caption: string;
  thumb: string;
}

export interface LightboxWords {
  label: string;
  close: string;
  previous: string;
  next: string;
  imageFailed: string;
}

export interface LightboxOpenInput {
  /** An element of its own that the engine is set up on and reports its events on. */
  container: HTMLElement;
  items: readonly LightboxItem[];
  index: number;
  /** How many thumbnails the strip shows at once at the current width. */
  thumbnails: number;
  words: LightboxWords;
  licenseKey: string;
  reducedMotion: boolean;
}

/** What the engine reports, as it happens. */
export interface LightboxReports {
  /** A picture is now the one shown; `broken` when it already failed to load. */
  slid(index: number, broken: boolean): void;
  /** A picture failed to load. */
  failed(index: number): void;
  /** The lightbox closed itself (its close button, a tap beside the picture). */
  closed(): void;
}

export interface LightboxHandle {
  previous(): void;
  next(): void;
  close(): void;
  /** Removes the lightbox and its listeners at once. */
  destroy(): void;
  /** The lightbox's toolbar, where the view puts the counter in words. */
  toolbar: HTMLElement;
  /** The element that takes the focus when the lightbox opens (the dialog). */
  dialog: HTMLElement;
}

/** The engine's chunk, with the licence key the site is configured with. */
export interface LoadedLightbox {
  engine: LightboxEngine;
  licenseKey: string;
}

export interface LightboxEngine {
  openLightbox(input: LightboxOpenInput, reports: LightboxReports): LightboxHandle;
}
