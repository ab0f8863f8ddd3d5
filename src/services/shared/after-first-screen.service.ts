/*
 * When the first screen is on display: its first contentful paint has been presented and its
 * priority picture (the one marked fetchpriority="high": the hero's, the project's) has loaded.
 * main.tsx fetches the application only then, so on a slow line the picture does not share
 * the bandwidth with the JavaScript (Lighthouse's phone counts everything requested before the
 * largest paint against it).
 */

/** Resolves once the browser has presented the page's first contentful paint. */
export function firstPaintPresented(): Promise<void> {
  // The paint timing entry is reported once the frame is presented, later than the frame's
  // own callbacks; where it is not supported, the task after the next animation frame.
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    return new Promise((resolve) => {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    });
  }
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Resolves once the first screen's priority picture has loaded or failed (at once without one). */
export function priorityPictureSettled(root: ParentNode = document): Promise<void> {
  const picture = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (picture === null || picture.complete) return Promise.resolve();
  return new Promise((resolve) => {
    picture.addEventListener('load', () => resolve(), { once: true });
    picture.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * Both, in order. In a tab opened in the background nothing is painted until it is shown, so
 * nothing is loaded for a page nobody is looking at.
 */
export async function afterFirstScreen(): Promise<void> {
  await firstPaintPresented();
  await priorityPictureSettled();
}
