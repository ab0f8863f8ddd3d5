import { repositoryContent } from '../../content/repository-content.ts';
import { escapeHtml } from '../../src/validation/shared/escape-html.ts';
import { sitePage, type SiteHead } from '../http/site-page.ts';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import { countryPrefixes } from './country-prefixes.ts';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from './newsletter-mail.ts';
import type { PendingChange } from './subscribe.ts';

/** The company's name and details, as the repository's content has them. */
const { company } = repositoryContent();

/*
 * The pages the links in newsletter mail open (unsubscribe, confirm): rendered by the server
 * (they need the token, and must work with JavaScript off), styled by the built site's own
 * stylesheet. Following a link changes nothing: mail scanners and link previews fetch links,
 * so every change takes a press of the button, a plain POST form, in the server's page shell
 * (http/site-page.ts).
 */

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
  return sitePage({
    title: page.title,
    head: page.head,
    mainClass: 'newsletter-link-page',
    content: `<h1>${escapeHtml(page.heading)}</h1>
<p>${page.text}</p>
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="token" value="${escapeHtml(page.token)}">
<button type="submit" class="button button--primary">${escapeHtml(page.button)}</button>
</form>
<p><a href="/">Back to the home page</a></p>`,
  });
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

/** The confirmation link's page: a subscription, or a change asked for by a later sign-up, with what it confirms (`summary`, plain text). */
export function confirmPage(options: { token: string; email: string; change: boolean; summary: string; head: SiteHead }): string {
  const email = `<strong>${escapeHtml(options.email)}</strong>`;
  const summary = `You are confirming: ${escapeHtml(options.summary)}.`;
  return linkActionPage({
    title: `Confirm your ${company.name} newsletter ${options.change ? 'change' : 'subscription'}`,
    heading: options.change ? 'Confirm the change' : 'Confirm your subscription',
    text: options.change
      ? `Press the button to apply the change asked for on our sign-up form to the newsletter subscription of ${email}. ${summary} If you did not ask for it, close this page and nothing changes.`
      : `Press the button to start receiving our newsletter at ${email}. ${summary} If you did not ask for it, close this page and nothing is sent.`,
    button: options.change ? 'Confirm the change' : 'Confirm my subscription',
    action: CONFIRM_PATH,
    token: options.token,
    head: options.head,
  });
}

/**
 * What a pending change asks for, in words, so the person confirming sees what they confirm:
 * "the lists Project case studies and Display technology explained, SMS +27 82 … 123, first
 * name Thandi". The SMS number's middle digits are masked (the page is reached by a link that
 * may be forwarded). Dates are left out: they change nothing anyone is sent.
 */
export function changeSummary(form: NewsletterForm | undefined, change: PendingChange): string {
  const labelOf = (id: number) => form?.lists.find((list) => list.id === id)?.label ?? `list ${id}`;
  const lists = change.lists.map(labelOf);
  const parts = [
    ...(lists.length === 0 ? [] : [`the ${lists.length === 1 ? 'list' : 'lists'} ${joinedWithAnd(lists)}`]),
    ...(change.sms === null ? [] : [`SMS ${maskedSms(change.sms)}`]),
    ...Object.entries(JSON.parse(change.attributes) as Record<string, string>).map(([name, value]) => {
      const label = (form?.attributes.find((attribute) => attribute.name === name)?.label ?? name).replace(/\s*\(optional\)$/i, '');
      return `${label.charAt(0).toLowerCase()}${label.slice(1)} ${value}`;
    }),
  ];
  return parts.length === 0 ? 'your subscription' : parts.join(', ');
}

function joinedWithAnd(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

let dialCodes: string[] | null = null;

/** "+27829990000" → "+27 82 … 000": the country's dial code, two digits, the last three. */
export function maskedSms(sms: string): string {
  const digits = sms.replace(/^\+/, '');
  dialCodes ??= [...new Set(countryPrefixes().map((prefix) => prefix.dialDigits))].sort((a, b) => b.length - a.length);
  const dial = dialCodes.find((code) => digits.startsWith(code)) ?? '';
  const rest = digits.slice(dial.length);
  const head = rest.length >= 8 ? `${rest.slice(0, 2)} ` : '';
  return `+${dial} ${head}… ${rest.slice(-3)}`.replace('+ ', '+');
}
