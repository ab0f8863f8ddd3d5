import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { company } from '../../content/company.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { UNSUBSCRIBE_PATH } from './newsletter-mail.ts';

/*
 * The page an unsubscribe link opens: rendered by the server (it needs the token, and must
 * work with JavaScript off), styled by the built site's own stylesheet. Following the link
 * changes nothing: mail scanners and link previews fetch links, so leaving takes a press of
 * the button, a plain POST form. No inline script or style: the site's CSP applies here too.
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

export function unsubscribePage(options: { token: string; email: string; head: SiteHead }): string {
  const title = `Unsubscribe from ${company.name} mail`;
  const { stylesheet, icon } = options.head;
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
<title>${escapeHtml(title)}</title>
${links}
</head>
<body>
<main id="main" class="section newsletter-unsubscribe">
<div class="container">
<h1>Unsubscribe</h1>
<p>Press the button to stop our newsletter to <strong>${escapeHtml(options.email)}</strong>. We will not send it again.</p>
<form method="post" action="${UNSUBSCRIBE_PATH}">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<button type="submit" class="button button--primary">Unsubscribe</button>
</form>
<p><a href="/">Back to the home page</a></p>
</div>
</main>
</body>
</html>
`;
}
