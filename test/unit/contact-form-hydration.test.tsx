// The page form is prerendered in full (react-dom/static waits for its lazy chunk) and hydrates
// without a mismatch; after hydration the machine takes over (`no-js` → `js`).
import { act, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { contactForm, siteContent } from '../support/site-content.ts';
import { imageManifest } from '../../content/image-manifest.ts';
import { prerenderPage } from '../../src/entry-server.tsx';
import { formSchema } from '../../src/validation/index.ts';
import { App } from '../../src/views/app.tsx';
import { carriedPageData, SiteContentProvider } from '../../src/views/shared/site-content.tsx';
import { stubMatchMedia } from '../support/stub-match-media.ts';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('prerenders the whole form into the home page and hydrates it without a mismatch', async () => {
  const page = await prerenderPage('/', siteContent, imageManifest);
  const container = document.createElement('div');
  container.innerHTML = page.html;
  document.body.append(container);

  // The form's HTML is there before any script: every field, the hidden fields, the button.
  const form = container.querySelector('#contact form.wpcf7-form')!;
  expect(form).not.toBeNull();
  expect(container.querySelector('#contact .wpcf7')).toHaveClass('no-js');
  for (const field of contactForm.fields) expect(form.querySelector(`[data-name="${field.name}"]`), field.name).not.toBeNull();
  expect(form.querySelector('input[type="hidden"][name="_wpcf7"]')).toHaveValue('5');
  expect(page.html).not.toMatch(/<script/);

  vi.stubGlobal('fetch', async (input: Request) => {
    const body = new URL(input.url).pathname.endsWith('/feedback/schema') ? formSchema(contactForm) : { recaptchaSiteKey: null, googleMapsApiKey: null };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  // A browser's matchMedia, which the page's widgets (Splide) call when they mount.
  stubMatchMedia();
  const consoleError = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <SiteContentProvider {...carriedPageData(new DOMParser().parseFromString(page.data, 'text/html'))}>
          <App path="/" />
        </SiteContentProvider>
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  await waitFor(() => expect(container.querySelector('#contact .wpcf7')).toHaveClass('js'));
  expect(recoverable).toEqual([]);
  // The server renderer ran in this same realm a moment ago, which React notices for the
  // form's nesting context ("multiple renderers"); in a browser there is only the client.
  const errors = consoleError.mock.calls.map((call) => String(call[0])).filter((text) => !text.includes('multiple renderers'));
  expect(errors).toEqual([]);
  // Hydrated, not re-created: the same form element the server sent.
  expect(container.querySelector('#contact form.wpcf7-form')).toBe(form);
});
