// The console's pages that are not its first screen (the content editor's, the pictures', the
// subscribers', privacy requests, backups) as chunks of their own, loaded when first opened, so
// the first screen stays within its budget (README.md, "Budgets").
// A chunk that cannot be loaded (the network, or a deploy that replaced the hashed files of an
// open console) shows a page that says so, with a reload link: never a blank screen.
import { lazy, type ComponentType } from 'react';

function PageLoadFailed() {
  return (
    <section className="console-page" aria-labelledby="console-page-title">
      <h1 id="console-page-title" tabIndex={-1}>
        This page could not be loaded
      </h1>
      <p role="alert">
        Its part of the console did not arrive (the connection, or a new version of the console was just installed). Reload the console to try again.
      </p>
      <button type="button" className="action-button" onClick={() => window.location.reload()}>
        Reload the console
      </button>
    </section>
  );
}

export function lazyConsolePage<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      console.error('A console page could not be loaded.', error);
      return { default: PageLoadFailed };
    }
  });
}

/** What the console shows while a page's chunk arrives. */
export function PageLoading() {
  return (
    <p className="console-status" role="status">
      Loading the page…
    </p>
  );
}
