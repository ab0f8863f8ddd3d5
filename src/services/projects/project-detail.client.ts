// Loads the part of a project's page that the home page's popup shows: the page itself
// (`/projects/{slug}/`, prerendered, cached by the browser like any page), of which only the
// `#project-detail` element is kept. The story and pictures are never in the home page's
// bundle; they arrive when a visitor opens the project.
import ky from 'ky';
import { PROJECT_DETAIL_ID, projectPathOf } from './project-path.service.ts';

export class ProjectDetailMissingError extends Error {
  constructor(slug: string) {
    super(`The page of the project "${slug}" has no #${PROJECT_DETAIL_ID} part`);
    this.name = 'ProjectDetailMissingError';
  }
}

/** The detail part's HTML, from our own prerendered page (same origin, so trusted markup). */
export async function fetchProjectDetail(slug: string, options: { signal?: AbortSignal; fetch?: typeof fetch } = {}): Promise<string> {
  const url = new URL(projectPathOf(slug), location.href).href;
  const html = await ky.get(url, { headers: { Accept: 'text/html' }, signal: options.signal, retry: 0, ...(options.fetch ? { fetch: options.fetch } : {}) }).text();
  const part = new DOMParser().parseFromString(html, 'text/html').getElementById(PROJECT_DETAIL_ID);
  if (!part) throw new ProjectDetailMissingError(slug);
  return part.innerHTML;
}
