/*
 * The headers of a form the browser posts itself (a navigation: `Sec-Fetch-Mode: navigate`, a
 * document destination, an Accept preferring HTML), as a current browser sends them for a press
 * of a form's submit button, and those of the site's own scripts (ky: cf7-api.client.ts asks for
 * JSON; a fetch is `cors` mode, `empty` destination): README.md, "Forms before their code".
 */

export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

/** A form submit from a page of `origin` (the page itself is `referer`). */
export function navigationHeaders(origin: string, referer = `${origin}/`): Record<string, string> {
  return {
    accept: BROWSER_ACCEPT,
    'cache-control': 'max-age=0',
    origin,
    referer,
    'sec-fetch-dest': 'document',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'same-origin',
    'sec-fetch-user': '?1',
    'upgrade-insecure-requests': '1',
  };
}

/** The same request made by the page's script (a fetch asking for JSON). */
export function scriptHeaders(origin: string, referer = `${origin}/`): Record<string, string> {
  return {
    accept: 'application/json, */*;q=0.1',
    origin,
    referer,
    'sec-fetch-dest': 'empty',
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'same-origin',
  };
}
