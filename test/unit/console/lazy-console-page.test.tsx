// The console's pages loaded as chunks (src/views/console/lazy-console-page.tsx): the page once
// its chunk arrives, "Loading the page…" until then, and a page that says so, with Reload, when
// the chunk cannot be loaded (never a blank console).
import { render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { expect, it, vi } from 'vitest';
import { lazyConsolePage, PageLoading } from '../../../src/views/console/lazy-console-page.tsx';

it('shows the page once its chunk arrives, and the loading status before', async () => {
  let arrive: (page: (props: { name: string }) => ReactElement) => void = () => undefined;
  const Page = lazyConsolePage<{ name: string }>(() => new Promise((resolve) => (arrive = resolve)));
  render(
    <Suspense fallback={<PageLoading />}>
      <Page name="Pictures" />
    </Suspense>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Loading the page…');
  arrive(({ name }) => <h1>{name}</h1>);
  expect(await screen.findByRole('heading', { name: 'Pictures' })).toBeVisible();
});

it('says the page could not be loaded, with a button that reloads the console, when its chunk fails', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const Page = lazyConsolePage<{ name: string }>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
  render(
    <Suspense fallback={<PageLoading />}>
      <Page name="Pictures" />
    </Suspense>,
  );
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('This page could not be loaded');
  expect(screen.getByRole('alert')).toHaveTextContent('Reload the console to try again.');
  expect(screen.getByRole('button', { name: 'Reload the console' })).toBeVisible();
  expect(logged).toHaveBeenCalledWith('A console page could not be loaded.', expect.any(TypeError));
  logged.mockRestore();
});
