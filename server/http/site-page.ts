import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml } from '../../src/validation/shared/escape-html.ts';

/*
 * The shell of every page the server writes itself rather than the prerender (the newsletter's
 * link pages, the forms' answers to a browser's own POST): the built site's stylesheet and
 * icon, `lang`, a title, one <main>. No inline script or style: the site's CSP applies to these
 * pages too. Everything put in is escaped by the caller (escapeHtml), the shell escapes its own.
 */

/** What the page takes from the built home page's <head>: its stylesheet and its icon. */
export interface SiteHead {
  stylesheet: string | null;
  icon: string | null;
}

/** Read per request, as the site may be rebuilt while the server runs; nulls before the first build. */
export async function siteHead(staticRoot: string): Promise<SiteHead> {
  let html: string;
  try {
    html = await readFile(path.join(staticRoot, 'index.html'), 'utf8');
  } catch {
    return { stylesheet: null, icon: null };
  }
  const hrefOf = (rel: string, extension: RegExp) => {
    const link = new RegExp(`<link\\b[^>]*\\brel="${rel}"[^>]*>`, 'i').exec(html)?.[0];
    const href = link === undefined ? undefined : /\bhref="(\/[^"]*)"/i.exec(link)?.[1];
    return href !== undefined && extension.test(href) ? href : null;
  };
  return { stylesheet: hrefOf('stylesheet', /\.css$/), icon: hrefOf('icon', /\.(svg|png|ico)$/) };
}

export interface SitePage {
  /** The document's title (plain text). */
  title: string;
  head: SiteHead;
  /** The class of <main> besides `section`. */
  mainClass: string;
  /** What <main>'s container holds: HTML, already escaped. */
  content: string;
}

export function sitePage(page: SitePage): string {
  const { stylesheet, icon } = page.head;
  const links = [
    ...(stylesheet === null ? [] : [`<link rel="stylesheet" href="${escapeHtml(stylesheet)}">`]),
    // Without it the browser asks for /favicon.ico, which the site does not have.
    ...(icon === null ? [] : [`<link rel="icon" href="${escapeHtml(icon)}">`]),
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
${links}
</head>
<body>
<main id="main" class="section ${escapeHtml(page.mainClass)}">
<div class="container">
${page.content}
</div>
</main>
</body>
</html>
`;
}
