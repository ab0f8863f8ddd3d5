// The project popup's content, loaded on demand (project-detail.client.ts); stopping the actor
// (the popup closed first) aborts the request.
import { fromPromise } from 'xstate';
import { fetchProjectDetail } from './project-detail.client.ts';

export const projectDetail = fromPromise<string, { slug: string }>(({ input, signal }) => fetchProjectDetail(input.slug, { signal }));
