// Where a project's page is: `/projects/{slug}/`, the slug being the project's id in content.
// The app's router, the project page, the grid's links and the popup share this, and the id of
// the part of the page the home page's popup shows.

/** The project page's part that the popup loads (title, facts, picture, story, pictures). */
export const PROJECT_DETAIL_ID = 'project-detail';

/** The project page's story: what follows its first screen (its head waits for it, app.tsx). */
export const PROJECT_STORY_ID = 'project-story';

export const PROJECT_PATH = /^\/projects\/([a-z0-9-]+)\/$/;

export const projectPathOf = (slug: string) => `/projects/${slug}/`;

/** The slug of a project page's path (`/projects/x/`, `/projects/x`, `/projects/x/index.html`). */
export function projectSlugOf(pathname: string): string | undefined {
  const path = pathname.replace(/\/index\.html$/, '/');
  return PROJECT_PATH.exec(path.endsWith('/') ? path : `${path}/`)?.[1];
}
