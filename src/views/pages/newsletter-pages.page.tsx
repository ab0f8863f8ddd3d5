// Where the newsletter's links in mails land (the server redirects there): the subscription is
// confirmed, the address is unsubscribed, or the link is too old or already used.
import { pages } from '../../../content/pages.ts';
import { MessagePage } from './message-page.view.tsx';

export function NewsletterConfirmedPage() {
  return <MessagePage page={pages.newsletterConfirmed} id="newsletter-confirmed" />;
}

export function NewsletterUnsubscribedPage() {
  return <MessagePage page={pages.newsletterUnsubscribed} id="newsletter-unsubscribed" />;
}

export function NewsletterLinkExpiredPage() {
  return <MessagePage page={pages.newsletterLinkExpired} id="newsletter-link-expired" />;
}
