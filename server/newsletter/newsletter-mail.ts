import { repositoryContent } from '../../content/repository-content.ts';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import type { OutboxMail } from '../mail/enqueue-mail.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';
import { confirmationToken, unsubscribeToken, type Subscriber } from './link-tokens.ts';

/** The company's name and details, as the repository's content has them. */
const { company } = repositoryContent();

/*
 * Newsletter mail, written into the outbox for the worker to deliver. Links are absolute, from
 * SITE_URL (the worker has no request to take a host from). Every newsletter mail carries
 * List-Unsubscribe with the unsubscribe link and List-Unsubscribe-Post (RFC 8058), so mail
 * programs offer their own one-click "unsubscribe" button.
 */

export const CONFIRM_PATH = '/newsletter/confirm/';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe/';
export const CONFIRMED_FALLBACK_PATH = '/newsletter/confirmed/';
export const UNSUBSCRIBED_PATH = '/newsletter/unsubscribed/';
export const LINK_EXPIRED_PATH = '/newsletter/link-expired/';

export interface NewsletterLinks {
  confirm: string;
  unsubscribe: string;
}

/** The links of a confirmation mail for `change`, the pending change as stored. */
export function newsletterLinks(siteUrl: string, secrets: SiteSecrets, subscriber: Subscriber, change: string, now: number): NewsletterLinks {
  return {
    confirm: `${siteUrl}${CONFIRM_PATH}?token=${confirmationToken(secrets, subscriber, change, now)}`,
    unsubscribe: `${siteUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(secrets, subscriber)}`,
  };
}

/** The double opt-in mail of `form`, or null when the form has no double opt-in. */
export function confirmationMail(form: NewsletterForm, subscriber: Subscriber, links: NewsletterLinks, createdAt: string): OutboxMail | null {
  if (form.doubleOptIn === undefined) return null;
  return {
    to: subscriber.email,
    replyTo: null,
    subject: form.doubleOptIn.subject,
    body: form.doubleOptIn.body.replaceAll('[confirm-link]', links.confirm).replaceAll('[unsubscribe-link]', links.unsubscribe),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    fromName: company.name,
    createdAt,
  };
}
