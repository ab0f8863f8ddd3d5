// The address the page is rendered for, as the prerender and the browser both know it: parts
// that render differently for it (the project grid's `?category=`, the project page's slug)
// read it here, so the prerendered HTML and the first browser render agree.
import { createContext, useContext } from 'react';

export interface PageAddress {
  /** The path, `/` or `/projects/riverside-atrium/`. */
  path: string;
  /** The query string with its `?`, or empty. */
  search: string;
}

export const PageAddressContext = createContext<PageAddress>({ path: '/', search: '' });

export const usePageAddress = () => useContext(PageAddressContext);
