// Where the newsletter's links in mails land (the server redirects there): the subscription is
// confirmed, the address is unsubscribed, or the link is too old or already used.
import { MessagePage } from './message-page.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

export function NewsletterConfirmedPage() {
  const { pages } = useSiteContent();
  return <MessagePage page={pages.newsletterConfirmed} id="newsletter-confirmed" />;
}

export function NewsletterUnsubscribedPage() {
  const { pages } = useSiteContent();
  return <MessagePage page={pages.newsletterUnsubscribed} id="newsletter-unsubscribed" />;
}

export function NewsletterLinkExpiredPage() {
  const { pages } = useSiteContent();
  return <MessagePage page={pages.newsletterLinkExpired} id="newsletter-link-expired" />;
}
