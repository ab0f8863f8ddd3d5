// Where the contact form sends a visitor once the message is stored (the redirect add-on's
// /thank-you/ address).
import { pages } from '../../../content/pages.ts';
import { MessagePage } from './message-page.view.tsx';

export function ThankYouPage() {
  return <MessagePage page={pages.thankYou} id="thank-you" />;
}
