// Shown for every address that is not a page (prerendered as 404.html, served with status 404).
import { MessagePage } from './message-page.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

export function NotFoundPage() {
  const { pages } = useSiteContent();
  return <MessagePage page={pages.notFound} id="not-found" />;
}
