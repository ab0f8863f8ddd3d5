// Whether a click on a link is the page's to handle: a click meant to open the link somewhere
// else (a new tab or window, a download: a modifier key or another button) is the browser's, and
// so is one another handler has already taken.
import type { MouseEvent } from 'react';

export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
