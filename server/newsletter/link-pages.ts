import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { company } from '../../content/company.ts';
import { escapeHtml } from '../../src/validation/shared/escape-html.ts';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from './newsletter-mail.ts';

/*
 * The pages the links in newsletter mail open (unsubscribe, confirm): rendered by the server
 * (they need the token, and must work with JavaScript off), styled by the built site's own
 * stylesheet. Following a link changes nothing: mail scanners and link previews fetch links,
 * so every change takes a press of the button, a plain POST form. No inline script or style:
 * the site's CSP applies here too.
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

interface LinkActionPage {
  title: string;
  heading: string;
  /** HTML, already escaped. */
  text: string;
  button: string;
  action: string;
  token: string;
  head: SiteHead;
}

/**
 * A page with one button that POSTs the link's token: following a link alone changes nothing,
 * since mail scanners follow links too.
 */
function linkActionPage(page: LinkActionPage): string {
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
<main id="main" class="section newsletter-link-page">
<div class="container">
<h1>${escapeHtml(page.heading)}</h1>
<p>${page.text}</p>
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="token" value="${escapeHtml(page.token)}">
<button type="submit" class="button button--primary">${escapeHtml(page.button)}</button>
</form>
<p><a href="/">Back to the home page</a></p>
</div>
</main>
</body>
</html>
`;
}

export function unsubscribePage(options: { token: string; email: string; head: SiteHead }): string {
  return linkActionPage({
    title: `Unsubscribe from ${company.name} mail`,
    heading: 'Unsubscribe',
    text: `Press the button to stop our newsletter to <strong>${escapeHtml(options.email)}</strong>. We will not send it again.`,
    button: 'Unsubscribe',
    action: UNSUBSCRIBE_PATH,
    token: options.token,
    head: options.head,
  });
}

/** The confirmation link's page: a subscription, or a change asked for by a later sign-up. */
export function confirmPage(options: { token: string; email: string; change: boolean; head: SiteHead }): string {
  const email = `<strong>${escapeHtml(options.email)}</strong>`;
  return linkActionPage({
    title: `Confirm your ${company.name} newsletter ${options.change ? 'change' : 'subscription'}`,
    heading: options.change ? 'Confirm the change' : 'Confirm your subscription',
    text: options.change
      ? `Press the button to apply the change asked for on our sign-up form to the newsletter subscription of ${email}. If you did not ask for it, close this page and nothing changes.`
      : `Press the button to start receiving our newsletter at ${email}. If you did not ask for it, close this page and nothing is sent.`,
    button: options.change ? 'Confirm the change' : 'Confirm my subscription',
    action: CONFIRM_PATH,
    token: options.token,
    head: options.head,
  });
}
