import { serviceSources } from './csp-sources.ts';

/**
 * The site's Content-Security-Policy directives (helmet's camelCase form). Own origin for
 * everything, plus the third-party services listed in csp-sources.ts.
 */
export function contentSecurityPolicyDirectives(): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...serviceSources('scriptSrc')],
    // No inline <script> at all: attributes like onclick are refused too.
    scriptSrcAttr: ["'none'"],
    // Google Maps and gsap set inline styles, which only 'unsafe-inline' allows.
    styleSrc: ["'self'", "'unsafe-inline'", ...serviceSources('styleSrc')],
    imgSrc: ["'self'", 'data:', ...serviceSources('imgSrc')],
    fontSrc: ["'self'", ...serviceSources('fontSrc')],
    connectSrc: ["'self'", ...serviceSources('connectSrc')],
    frameSrc: serviceSources('frameSrc'),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}
