// The scripts a form's FireScript action may run after a sent message, by name. The add-on ran
// whatever JavaScript its settings held (eval); here the code is the site's own, reviewed and
// built with it, and the content only names it (content/structs/form-actions.struct.ts).

type Handler = () => void;

interface TrackingWindow {
  gtag?: (...args: unknown[]) => void;
  dataLayer?: unknown[];
}

const trackingWindow = (): TrackingWindow => (typeof window === 'undefined' ? {} : (window as Window & TrackingWindow));

export const fireScriptHandlers: Readonly<Record<string, Handler>> = {
  /** A Google Ads / Analytics conversion, when the page has gtag. */
  'gtag-conversion': () => trackingWindow().gtag?.('event', 'generate_lead', { form: 'contact' }),
  /** A `contact_form_sent` event on the page's data layer (Tag Manager), when it has one. */
  'data-layer-event': () => trackingWindow().dataLayer?.push({ event: 'contact_form_sent' }),
};

/** Runs a handler by name; an unknown name (a newer server, an older page) does nothing. */
export function runFireScript(handler: string): boolean {
  const run = Object.hasOwn(fireScriptHandlers, handler) ? fireScriptHandlers[handler] : undefined;
  run?.();
  return run !== undefined;
}
