import { escapeHtml } from '../../src/validation/shared/escape-html.ts';
import { SUBSCRIBER_STATUS_WORDS } from '../../src/validation/newsletter/subscribers.protocol.ts';
import type { SubscriberStatus } from '../db/types.ts';
import { siteClockTime } from '../reports/site-days.ts';
import { postedText, storedObject, type MessageCatalogue } from '../submissions/message-forms.ts';
import type { NewsletterNames } from '../newsletter/subscriber-console.ts';
import { archiveFileName, type HeldRecords } from './person-records.ts';

/*
 * The access archive's readable page, `records.html` (README.md, "Privacy"): everything
 * `records.json` holds, in words, for the person who asked: each message with its fields under
 * the form's labels and the files beside it, the newsletter with the lists by name and every
 * consent, the mail sent to them, and whether they had a console account. Times on the
 * company's clock (SITE_TIMEZONE); every value escaped; no script, no outside resource.
 */

export interface RecordsPageWords {
  catalogue: MessageCatalogue;
  newsletter: NewsletterNames;
  timeZone: string;
  company: string;
}

const CONSENT_WORDS: Record<string, string> = { subscribe: 'Signed up', confirm: 'Confirmed', unsubscribe: 'Unsubscribed' };

const text = (value: unknown) => escapeHtml(postedText(value));

function listOf(json: string | null): number[] {
  if (json === null) return [];
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is number => typeof item === 'number') : [];
  } catch {
    return [];
  }
}

/** Definition rows: each term and its value, escaped; empty values left out. */
const rows = (pairs: ReadonlyArray<[string, string]>) =>
  pairs
    .filter(([, value]) => value !== '')
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`)
    .join('');

export function recordsPage(held: HeldRecords, words: RecordsPageWords, at: string, filesNoLongerKept: readonly string[]): string {
  const time = (iso: string | null) => (iso === null ? '' : escapeHtml(siteClockTime(iso, words.timeZone)));
  const gone = new Set(filesNoLongerKept);

  const messages = held.messages.map((message) => {
    const form = words.catalogue.find(message.form_id);
    const posted = storedObject(message.posted_data);
    const known = new Map((form?.fields ?? []).map((field) => [field.name, field]));
    const order = [...(form?.fields ?? []).map((field) => field.name).filter((name) => name in posted), ...Object.keys(posted).filter((name) => !known.has(name))];
    const fields = order.map((name): [string, string] => {
      const field = known.get(name);
      const value = postedText(posted[name]).trim();
      if (field?.agreement !== undefined) return [field.label, value === '' || value === '0' ? 'Not ticked' : `Ticked: “${escapeHtml(field.agreement)}”`];
      return [field?.label ?? name, text(value)];
    });
    const files = held.files
      .filter((file) => file.submission_id === message.id)
      .map((file) => {
        const name = archiveFileName(file);
        return `<li>${escapeHtml(file.original_name)} (${escapeHtml(file.media_type)}, ${file.size.toLocaleString('en-ZA')} bytes): ${gone.has(name) ? 'no longer kept (files are deleted after a while)' : `in this archive as <code>${escapeHtml(name)}</code>`}</li>`;
      });
    return `<section><h3>${escapeHtml(form?.title ?? `Form ${message.form_id}`)}, received ${time(message.created_at)}</h3><dl>${rows(fields)}</dl>${files.length > 0 ? `<p>Files you sent with it:</p><ul>${files.join('')}</ul>` : ''}</section>`;
  });

  const newsletter = held.subscribers.map((subscriber) => {
    const lists = listOf(subscriber.lists).map((id) => words.newsletter.list(id).label);
    const consents = held.consents
      .filter((consent) => consent.subscriber_id === subscriber.id)
      .map((consent) => `<li>${escapeHtml(CONSENT_WORDS[consent.action] ?? consent.action)}, ${time(consent.created_at)}: “${escapeHtml(consent.wording)}”</li>`);
    return `<section><h3>${escapeHtml(subscriber.email)}</h3><dl>${rows([
      ['Status', escapeHtml(SUBSCRIBER_STATUS_WORDS[subscriber.status as SubscriberStatus] ?? subscriber.status)],
      ['Lists', escapeHtml(lists.join(', '))],
      ['SMS number', text(subscriber.sms ?? '')],
      ['Signed up', time(subscriber.created_at)],
      ['Confirmed', time(subscriber.confirmed_at)],
      ['Unsubscribed', time(subscriber.unsubscribed_at)],
    ])}</dl>${consents.length > 0 ? `<p>What you agreed to, and when:</p><ul>${consents.join('')}</ul>` : ''}</section>`;
  });

  const mail = held.outbox.map((row) => `<li>${escapeHtml(row.subject ?? '(no subject)')} to ${escapeHtml(row.to_address ?? '')}, ${row.delivered_at === null ? `queued ${time(row.created_at)}, not sent` : `sent ${time(row.delivered_at)}`}</li>`);

  const section = (title: string, body: string, none: string) => `<h2>${escapeHtml(title)}</h2>${body === '' ? `<p>${escapeHtml(none)}</p>` : body}`;
  return `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>What ${escapeHtml(words.company)} holds about ${escapeHtml(held.subject.value)}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d2733}dt{font-weight:700}dd{margin:0 0 .5rem;white-space:pre-wrap;overflow-wrap:anywhere}section{border-top:1px solid #c5ced9;padding-top:.5rem}</style>
</head>
<body>
<main>
<h1>What ${escapeHtml(words.company)} holds about ${escapeHtml(held.subject.value)}</h1>
<p>Prepared ${time(at)} at your request. The same records, whole, are in <code>records.json</code> beside this page.</p>
${section('Your messages', messages.join(''), 'No message of yours is kept.')}
${section('The newsletter', newsletter.join(''), 'You are not on the newsletter.')}
${section('Mail sent to you', mail.length > 0 ? `<ul>${mail.join('')}</ul>` : '', 'No mail to you is kept.')}
${held.mentionedIn.length > 0 ? section('Others’ messages that mention you', `<p>${held.mentionedIn.length} message${held.mentionedIn.length === 1 ? '' : 's'} from other people name you; they are those people’s records, so only their number is given here.</p>`, '') : ''}
${section('Console account', held.consoleAccount === null ? '' : '<p>You have an account in the site’s console (its staff’s part).</p>', 'You have no account in the site’s console.')}
</main>
</body>
</html>
`;
}
