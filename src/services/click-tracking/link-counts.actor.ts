// The click counts of the page's links as actors: whether the server shows counts at all
// (CLICK_COUNTS, read from the public site configuration) and, when it does, the counts.
import { fromPromise } from 'xstate';
import { fetchSiteConfig, SITE_REST_ROOT } from '../shared/site-config.client.ts';
import { fetchLinkCounts, type LinkCount } from './track-the-click-api.client.ts';

export const countsSwitch = fromPromise<boolean, { root?: string }>(async ({ input, signal }) => (await fetchSiteConfig(input.root ?? SITE_REST_ROOT, { signal })).clickCounts);

export interface LinkCountsInput {
  postId: number;
  cachebreak: number;
  root?: string;
}

/**
 * The counts; none when the server answers `false` (its counts were switched off meanwhile);
 * null when it has no live console session for this browser (README.md, "Click counts").
 */
export const linkCounts = fromPromise<LinkCount[] | null, LinkCountsInput>(async ({ input, signal }) => {
  const counts = await fetchLinkCounts({ ...input, location: window.location.href, signal });
  return counts === false ? [] : counts;
});
