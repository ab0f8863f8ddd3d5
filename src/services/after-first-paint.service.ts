/**
 * Resolves once the browser has painted the page: the animation frame comes just before a
 * paint (and only once the page's render-blocking resources are in), the task queued from it
 * runs after that paint. In a tab opened in the background no frame comes until it is shown,
 * so nothing is loaded for a page nobody is looking at.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
