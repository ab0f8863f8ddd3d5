// Shown for every address that is not a page (prerendered as 404.html, served with status 404).
import { pages } from '../../../content/pages.ts';
import { MessagePage } from './message-page.view.tsx';

export function NotFoundPage() {
  return <MessagePage page={pages.notFound} id="not-found" />;
}
