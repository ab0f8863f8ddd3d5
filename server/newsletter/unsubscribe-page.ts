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

/** The site stylesheet the built home page links, or null (no build yet). Read per request: the site may be rebuilt. */
export async function siteStylesheet(staticRoot: string): Promise<string | null> {
  try {
    const html = await readFile(path.join(staticRoot, 'index.html'), 'utf8');
    const link = /<link\b[^>]*\brel="stylesheet"[^>]*>/i.exec(html)?.[0];
    const href = link === undefined ? undefined : /\bhref="(\/[^"]*\.css)"/i.exec(link)?.[1];
    return href ?? null;
  } catch {
    return null;
  }
}

export function unsubscribePage(options: { token: string; email: string; stylesheet: string | null }): string {
  const title = `Unsubscribe from ${company.name} mail`;
  const stylesheet = options.stylesheet === null ? '' : `<link rel="stylesheet" href="${escapeHtml(options.stylesheet)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${stylesheet}
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
