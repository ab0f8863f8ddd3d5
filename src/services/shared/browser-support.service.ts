// What Contact Form 7's client needs from the browser. A browser without one of these keeps the
// plain HTML form (it still posts without scripts) and the console says which feature is missing,
// in Contact Form 7's words.

export interface BrowserFeatures {
  fetch?: unknown;
  FormData?: unknown;
  NodeList?: { prototype?: { forEach?: unknown } };
  String?: { prototype?: { replaceAll?: unknown } };
}

export interface BrowserSupport {
  /** The console message for the first missing feature, or null when everything is there. */
  missing: string | null;
}

export function checkBrowserSupport(scope: BrowserFeatures = globalThis as BrowserFeatures): BrowserSupport {
  if (typeof scope.fetch !== 'function') return { missing: 'Your browser does not support window.fetch().' };
  if (typeof scope.FormData !== 'function') return { missing: 'Your browser does not support window.FormData().' };
  if (typeof scope.NodeList?.prototype?.forEach !== 'function') return { missing: 'Your browser does not support NodeList.forEach().' };
  if (typeof scope.String?.prototype?.replaceAll !== 'function') return { missing: 'Your browser does not support String.replaceAll().' };
  return { missing: null };
}
