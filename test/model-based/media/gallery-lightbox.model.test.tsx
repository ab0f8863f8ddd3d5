// galleryLightbox, walked through the real gallery grid along every edge of the production
// machine's graph. The engine's chunk loading, the open lightbox (lightGallery behind the
// `galleryLightbox` actor) and the navigation of the fallback are stand-ins: the real
// lightGallery runs in Chromium (test/e2e/gallery-lightbox.e2e.test.ts). The stand-in lightbox
// reports as lightGallery's bridge does, and its toolbar element is where the view must put
// the counter in words and the error text.
import { act, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { gallery } from '../../support/site-content.ts';
import { galleryLightboxMachine } from '../../../src/machines/media/gallery-lightbox.machine.ts';
import { GALLERY_THUMBS_VISIBLE } from '../../../src/machines/shared/theme.constants.ts';
import type { GalleryLightboxInput } from '../../../src/services/media/gallery-lightbox.actor.ts';
import type { LightboxEngine, LoadedLightbox } from '../../../src/services/media/gallery-lightbox.types.ts';
import { GalleryGrid } from '../../../src/views/media/gallery-grid.view.tsx';
import { describeModel, fakeCallbackActor, fakePromiseActor, type FakeCallbackActor, type StepExecutor } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof galleryLightboxMachine>;

/** Never opened: the stand-in lightbox replaces what would call it. */
const engine: LightboxEngine = {
  openLightbox: () => {
    throw new Error('the model opens the lightbox through its stand-in');
  },
};
const loaded: LoadedLightbox = { engine, licenseKey: '1A2B-3C4D-5E6-7F80' };
const toolbar = document.createElement('div');
toolbar.className = 'lg-toolbar';
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});

const callback = (fakes: Record<string, unknown>, src: string) => fakes[src] as FakeCallbackActor;
const lightbox = (fakes: Record<string, unknown>) => callback(fakes, 'galleryLightbox') as FakeCallbackActor<GalleryLightboxInput>;
const links = () => screen.getAllByRole('link');
const fromLightbox: StepExecutor = async ({ event, fakes }) => {
  const running = lightbox(fakes).running;
  if (!running) throw new Error('the lightbox is not open');
  await act(async () => running.sendBack(event as EventObject));
};
const counterIn = (shown: number) => `${shown + 1} of ${gallery.items.length}`;

/** The grid is always there: a link per picture to its largest version, with its caption. */
function expectGrid() {
  expect(links()).toHaveLength(gallery.items.length);
  for (const [index, item] of gallery.items.entries()) {
    expect(within(links()[index]!).getByRole('img', { name: item.image.alt })).toBeInTheDocument();
    expect(links()[index]).toHaveAttribute('href', expect.stringMatching(/^\/assets\/images\/.+\.(jpg|png)$/));
    expect(screen.getByText(item.caption)).toBeInTheDocument();
  }
}

function expectClosed(fakes: Record<string, unknown>) {
  expectGrid();
  expect(lightbox(fakes).running).toBeUndefined();
  expect(toolbar).toBeEmptyDOMElement();
}

/** Open: the lightbox runs on the shown picture's data, the counter in words in its toolbar. */
function expectOpen(snapshot: Snapshot, fakes: Record<string, unknown>, failed: boolean) {
  expectGrid();
  const running = lightbox(fakes).running;
  expect(running?.input).toMatchObject({ engine, index: snapshot.context.openedFrom, licenseKey: loaded.licenseKey, words: gallery.lightbox });
  expect(running?.input.items.map((item) => item.caption)).toEqual(gallery.items.map((item) => item.caption));
  expect(running?.input.items.map((item) => item.alt)).toEqual(gallery.items.map((item) => item.image.alt));
  expect(running?.input.items.map((item) => item.src)).toEqual(links().map((link) => link.getAttribute('href')));
  expect(running?.input.thumbnailsAt(1440)).toBe(GALLERY_THUMBS_VISIBLE.wide);
  expect(running?.input.thumbnailsAt(767)).toBe(GALLERY_THUMBS_VISIBLE.mobile);
  if (snapshot.context.toolbar === undefined) {
    expect(toolbar).toBeEmptyDOMElement();
    return;
  }
  expect(within(toolbar).getByRole('status')).toHaveTextContent(counterIn(snapshot.context.index));
  expect(within(toolbar).getByRole('alert')).toHaveTextContent(failed ? gallery.lightbox.imageFailed : '');
}

describeModel({
  machine: galleryLightboxMachine,
  input: { items: [], words: gallery.lightbox, load: () => Promise.reject(new Error('the model loads through the fake loader')) },
  eventSamples: [
    { type: 'item.activate', index: 2 },
    { type: 'xstate.done.actor.loadLightboxEngine', output: loaded },
    { type: 'xstate.error.actor.loadLightboxEngine', error: new TypeError('Failed to fetch dynamically imported module') },
    { type: 'lightbox.opened', toolbar },
    { type: 'lightbox.slid', index: 3, broken: false },
    { type: 'lightbox.slid', index: 4, broken: true },
    // The shown picture failing, and another one (a neighbour loaded ahead) failing.
    { type: 'lightbox.failed', index: 2 },
    { type: 'lightbox.failed', index: 5 },
  ],
  serializeState: (snapshot: Snapshot) =>
    JSON.stringify({ value: snapshot.value, index: snapshot.context.index, lightbox: snapshot.context.lightbox !== undefined, toolbar: snapshot.context.toolbar !== undefined }),
  fakes: {
    loadLightboxEngine: () => fakePromiseActor(),
    galleryLightbox: () => fakeCallbackActor(),
    navigate: () => fakeCallbackActor(),
  },
  setup: () => {
    toolbar.replaceChildren();
    document.body.append(toolbar);
    consoleError.mockClear();
  },
  render: (harness) => <GalleryGrid gallery={gallery} {...harness} />,
  events: {
    'item.activate': async ({ user, event }) => {
      const link = links()[(event as { index: number }).index]!;
      // Focus first, as a keyboard visitor's Enter would have it: it must come back here.
      link.focus();
      await user.click(link);
    },
    'lightbox.opened': fromLightbox,
    'lightbox.slid': fromLightbox,
    'lightbox.failed': fromLightbox,
    'lightbox.closed': async (step) => {
      await fromLightbox(step);
      const opener = links()[(step.from as Snapshot).context.openedFrom];
      expect(document.activeElement).toBe(opener);
    },
  },
  states: {
    closed: ({ fakes }) => expectClosed(fakes),
    loading: ({ fakes }) => {
      expectGrid();
      expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
      expect(lightbox(fakes).running).toBeUndefined();
    },
    unavailable: ({ fakes }) => {
      expectClosed(fakes);
      expect(consoleError).toHaveBeenCalledWith('The picture viewer could not be loaded; the picture opens on its own instead.', expect.anything());
      // The link that was clicked is followed after all.
      expect(callback(fakes, 'navigate').running?.input).toEqual({ url: links()[2]!.getAttribute('href') });
    },
    'open.showing': ({ snapshot, fakes }) => expectOpen(snapshot, fakes, false),
    'open.failed': ({ snapshot, fakes }) => expectOpen(snapshot, fakes, true),
  },
});
