/*
 * Every third-party origin the browser may reach, grouped by the service that needs it.
 * This is the one place to extend when a feature adds a service: add an entry and the
 * Content-Security-Policy picks it up. Paths narrow a source where the vendor documents one.
 */

export type CspDirective = 'scriptSrc' | 'styleSrc' | 'imgSrc' | 'fontSrc' | 'connectSrc' | 'frameSrc';

export type CspServiceSources = Partial<Record<CspDirective, readonly string[]>>;

export const cspServices = {
  // https://developers.google.com/recaptcha/docs/faq#im-using-content-security-policy-csp-on-my-website.-how-can-i-configure-it-to-work-with-recaptcha
  recaptcha: {
    scriptSrc: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  // https://developers.google.com/maps/documentation/javascript/content-security-policy
  // (the raster map with markers: scripts and tiles from maps.googleapis.com, icons from
  // maps.gstatic.com, and the Roboto font the map's controls load). Scripts by path, not the
  // whole host, which serves JSONP endpoints that would run any callback a page names: the
  // loader (`/maps/api/js`, exactly), the API's own service calls under `/maps/api/js/`, and
  // its modules under `/maps-api-v3/` (README.md, "Abuse paths and the limits that stop them").
  googleMaps: {
    scriptSrc: ['https://maps.googleapis.com/maps/api/js', 'https://maps.googleapis.com/maps/api/js/', 'https://maps.googleapis.com/maps-api-v3/'],
    styleSrc: ['https://fonts.googleapis.com'],
    imgSrc: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
    fontSrc: ['https://fonts.gstatic.com'],
    connectSrc: ['https://maps.googleapis.com'],
  },
  // The videos: YouTube's privacy-enhanced player in a frame. The posters are the site's own;
  // the image host is the one the player's own page uses for its pictures.
  youtube: {
    frameSrc: ['https://www.youtube-nocookie.com'],
    imgSrc: ['https://i.ytimg.com'],
  },
} satisfies Record<string, CspServiceSources>;

/** The sources of one directive across all services, without duplicates. */
export function serviceSources(directive: CspDirective): string[] {
  const sources = Object.values(cspServices).flatMap(
    (service: CspServiceSources) => service[directive] ?? [],
  );
  return [...new Set(sources)];
}
