// The projects' plain pieces: where a project's page is, which category an address asks for,
// the popup's content loader (only the page's detail part; a failure or a page without it is an
// error), the popup's history entries, and how the server picks a page's query variant.
import { createActor, setup, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projects } from '../../support/site-content.ts';
import { chooseVariant, groupQueryVariants, queryVariantOf } from '../../../server/routes/query-variants.ts';
import type { MemoryFile } from '../../../server/routes/static-files-in-memory.ts';
import { categoryHrefOf } from '../../../src/services/projects/category-address.service.ts';
import { fetchProjectDetail, ProjectDetailMissingError } from '../../../src/services/projects/project-detail.client.ts';
import { popupSlugOf, projectHistory, pushPopupAddress } from '../../../src/services/projects/project-history.actor.ts';
import { projectPathOf, projectSlugOf } from '../../../src/services/projects/project-path.service.ts';
import { categoryOfSearch } from '../../../src/views/projects/project-grid.view.tsx';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('project addresses', () => {
  it('finds the slug of a project page in each spelling of its path, and nothing elsewhere', () => {
    expect(projectPathOf('rooftop-structure')).toBe('/projects/rooftop-structure/');
    for (const path of ['/projects/rooftop-structure/', '/projects/rooftop-structure', '/projects/rooftop-structure/index.html']) {
      expect(projectSlugOf(path), path).toBe('rooftop-structure');
    }
    for (const path of ['/', '/projects/', '/projects/a/b/', '/projects/Rooftop/', '/thank-you/']) expect(projectSlugOf(path), path).toBeUndefined();
  });

  it('reads the category a query asks for, if content has it', () => {
    expect(categoryOfSearch(projects, '?category=control-room')).toBe('control-room');
    expect(categoryOfSearch(projects, '?utm_source=mail&category=engineering')).toBe('engineering');
    for (const search of ['', '?category=', '?category=billboards', '?category=Control-Room']) expect(categoryOfSearch(projects, search), search).toBeNull();
    expect(categoryHrefOf(null)).toBe('/#projects');
    expect(categoryHrefOf(projects.categories[0]!.id)).toBe(`/?category=${projects.categories[0]!.id}#projects`);
  });
});

describe('the project popup content', () => {
  const answer = (status: number, body: string) => vi.fn(async (_request: RequestInfo | URL) => new Response(body, { status, headers: { 'content-type': 'text/html' } }));

  it('keeps only the detail part of the project page', async () => {
    const fetch = answer(200, '<html><body><header>menu</header><div id="project-detail"><h1 id="project-title">Roof</h1><p>Story</p></div><footer>f</footer></body></html>');
    expect(await fetchProjectDetail('rooftop-structure', { fetch })).toBe('<h1 id="project-title">Roof</h1><p>Story</p>');
    const [request] = fetch.mock.calls[0]!;
    expect(new URL(new Request(request).url).pathname).toBe('/projects/rooftop-structure/');
  });

  it('fails for an error answer and for a page without the part', async () => {
    await expect(fetchProjectDetail('rooftop-structure', { fetch: answer(503, 'busy') })).rejects.toThrow(/503/);
    await expect(fetchProjectDetail('rooftop-structure', { fetch: answer(200, '<html><body><h1>Not found</h1></body></html>') })).rejects.toBeInstanceOf(ProjectDetailMissingError);
  });
});

describe('the project popup history', () => {
  it('marks its entries and reports each move a task after popstate, with the entry’s project', async () => {
    pushPopupAddress('rooftop-structure');
    expect(window.location.pathname).toBe('/projects/rooftop-structure/');
    expect(popupSlugOf(window.history.state)).toBe('rooftop-structure');
    expect(popupSlugOf(null)).toBeNull();
    expect(popupSlugOf({ other: 1 })).toBeNull();

    const moves: unknown[] = [];
    // The callback actor reports to its parent: a parent machine stands in for it here.
    const parent = createActor(
      setup({ actors: { projectHistory } }).createMachine({
        invoke: { id: 'projectHistory', src: 'projectHistory' },
        on: { 'history.moved': { actions: ({ event }) => moves.push(event) } },
      }),
    );
    parent.start();
    window.dispatchEvent(new PopStateEvent('popstate', { state: { projectPopup: 'rooftop-structure' } }));
    expect(moves).toEqual([]);
    await waitFor(parent, () => moves.length === 1);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    await waitFor(parent, () => moves.length === 2);
    expect(moves).toEqual([
      { type: 'history.moved', slug: 'rooftop-structure' },
      { type: 'history.moved', slug: null },
    ]);
    // Stopped, it reports nothing more (nor a move already on its way).
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    parent.stop();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(moves).toHaveLength(2);
  });
});

describe('query variants of a page', () => {
  const file = (relative: string) => ({ relative }) as MemoryFile;

  it('are named {page}@{name}={value}.html and grouped under their page', () => {
    expect(queryVariantOf('index@category=control-room.html')).toEqual({ page: 'index.html', name: 'category', value: 'control-room' });
    expect(queryVariantOf('projects/x/index@view=wide.html')).toEqual({ page: 'projects/x/index.html', name: 'view', value: 'wide' });
    for (const name of ['index.html', 'user@example.com.html', 'index@category=Control.html', 'assets/a@b=c.js']) expect(queryVariantOf(name), name).toBeUndefined();
    const { pages, variants } = groupQueryVariants([file('index.html'), file('index@category=a.html'), file('index@category=b.html'), file('404.html')]);
    expect(pages.map((page) => page.relative)).toEqual(['index.html', '404.html']);
    const ofIndex = variants.get('index.html')!;
    expect(chooseVariant(ofIndex, '/?category=b')?.relative).toBe('index@category=b.html');
    expect(chooseVariant(ofIndex, '/?x=1&category=a')?.relative).toBe('index@category=a.html');
    for (const url of ['/', '/?category=c', '/?category=', '/?categories=a']) expect(chooseVariant(ofIndex, url), url).toBeUndefined();
  });
});
