// The browser check both forms run before taking over from the plain HTML form.
import { fromPromise } from 'xstate';
import { checkBrowserSupport, type BrowserSupport } from './browser-support.service.ts';

export const browserSupport = fromPromise<BrowserSupport>(async () => checkBrowserSupport());
