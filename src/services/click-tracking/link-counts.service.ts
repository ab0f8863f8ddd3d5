// Shows a page's link counts on its links, as the plugin did: every link whose URL and anchor
// match a count above 0 gets `data-clicks` (the count bubble is drawn by CSS from it) and, for
// people who cannot see the bubble, a title saying the same in words.
import { NO_TRACK_CLASS, trackedLinkOf } from '../../validation/click-tracking/tracked-link.ts';
import type { LinkCount } from './track-the-click-api.client.ts';

export const CLICKS_ATTRIBUTE = 'data-clicks';

export const followedTimes = (clicks: number) => `Followed ${clicks.toLocaleString('en-ZA')} ${clicks === 1 ? 'time' : 'times'}`;

/** Marks the links; answers how many were marked. */
export function markLinkCounts(root: ParentNode, counts: readonly LinkCount[]): number {
  const byLink = new Map(counts.filter((count) => count.clicks > 0).map((count) => [`${count.target}\n${count.anchor}`, count.clicks]));
  let marked = 0;
  for (const element of root.querySelectorAll<HTMLAnchorElement>(`a[href]:not(.${NO_TRACK_CLASS})`)) {
    const link = trackedLinkOf(element);
    const clicks = link && byLink.get(`${link.target}\n${link.anchor}`);
    if (!clicks) continue;
    element.setAttribute(CLICKS_ATTRIBUTE, String(clicks));
    if (!element.title) element.title = followedTimes(clicks);
    marked += 1;
  }
  return marked;
}
