import { serviceSources } from './csp-sources.ts';

/**
 * The site's Content-Security-Policy directives (helmet's camelCase form). Own origin for
 * everything, plus the third-party services listed in csp-sources.ts, plus the origins the
 * contact forms' hidden-form POST redirects go to (`formActionOrigins`).
 */
export function contentSecurityPolicyDirectives(formActionOrigins: readonly string[] = []): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...serviceSources('scriptSrc')],
    // No inline <script> at all: attributes like onclick are refused too.
    scriptSrcAttr: ["'none'"],
    // 'unsafe-inline' is still needed: the prerendered pages carry style attributes (the
    // sidebar tab's offset, the before/after slider's position, the progress bar, the text
    // slider), and the Google Maps API inserts <style> elements for its controls. (Styles set
    // from script, as gsap does, are not under style-src.)
    styleSrc: ["'self'", "'unsafe-inline'", ...serviceSources('styleSrc')],
    imgSrc: ["'self'", 'data:', ...serviceSources('imgSrc')],
    fontSrc: ["'self'", ...serviceSources('fontSrc')],
    connectSrc: ["'self'", ...serviceSources('connectSrc')],
    // 'self': the console frames a draft's preview page (README.md, "Editing the site").
    frameSrc: ["'self'", ...serviceSources('frameSrc')],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...formActionOrigins],
    frameAncestors: ["'self'"],
  };
}

/** The https origins a form's redirect action posts a hidden form to (they are on its allow-list). */
export function postRedirectOrigins(forms: ReadonlyArray<{ actions?: ReadonlyArray<{ type: string; url?: string; post?: readonly string[] }> }>): string[] {
  const origins = forms.flatMap((form) =>
    (form.actions ?? []).flatMap((action) => (action.type === 'redirect' && action.post !== undefined && action.url?.startsWith('https://') ? [new URL(action.url).origin] : [])),
  );
  return [...new Set(origins)];
}
