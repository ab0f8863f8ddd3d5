// React.lazy for the parts of a prerendered page that hydrate when their chunk arrives. If a
// chunk cannot be loaded (a flaky network, or a deploy that replaced the hashed files of an
// open page), React.lazy would throw, and with no error boundary React would drop the whole
// page, leaving the visitor a blank screen. Here the load instead stays pending for ever: React
// keeps the part's prerendered HTML (readable, as with JavaScript off) and the rest of the page
// keeps working. Browsers cache a failed module fetch, so retrying in place would not help.
import { lazy, type ComponentType } from 'react';

// `any` as React.lazy itself declares it: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<Component extends ComponentType<any>>(load: () => Promise<{ default: Component }>) {
  return lazy<Component>(() =>
    load().catch((error: unknown) => {
      console.error('A part of the page could not be loaded; its prerendered HTML stays as it is.', error);
      return new Promise<never>(() => undefined);
    }),
  );
}
