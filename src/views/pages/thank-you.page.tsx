// Where the contact form sends a visitor once the message is stored (the redirect add-on's
// /thank-you/ address).
import { MessagePage } from './message-page.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

export function ThankYouPage() {
  const { pages } = useSiteContent();
  return <MessagePage page={pages.thankYou} id="thank-you" />;
}
