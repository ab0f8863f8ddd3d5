// What the content editor's pages say about a revision (who published it and when): written once
// for the documents, the editor and the revisions.
import type { Author } from '../../validation/content-editor/content-editor.protocol.ts';
import { ConsoleTime } from '../shared/console-time.view.tsx';

/** `number`: the revision's number within its document (the server's, migration 0034), not the global key. */
export function RevisionFacts({ number, publishedAt, publishedBy, timeZone }: { number: number; publishedAt: string | null; publishedBy: Author | null; timeZone: string }) {
  if (number === 0 || publishedAt === null) return <>{REPOSITORY_REVISION}</>;
  return (
    <>
      Revision {number}, published <ConsoleTime at={publishedAt} timeZone={timeZone} />
      {publishedBy ? <> by {publishedBy.name}</> : null}
    </>
  );
}

/**
 * Fields whose key, made into words, means nothing to an owner ("Eyebrow", "Href"): what the
 * form calls them, and the key itself in the hint (the content files and the developers use it).
 * Other keys are made into words as they are (struct-fields.ts, fieldLabel).
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  eyebrow: 'Small title above the heading',
  href: 'Links to',
  cta: 'Button',
  alt: 'Alternative text',
  id: 'Identifier',
  key: 'Picture',
  slug: 'Page address (last part)',
  lat: 'Latitude',
  lng: 'Longitude',
  bg: 'Background',
  url: 'Web address',
  mapsUrl: 'Map link',
  baseUrl: 'Site’s web address',
  mailto: 'Email link',
  postId: 'Old WordPress post number',
  officeId: 'Office',
  youtubeId: 'YouTube video',
  bbbeeLevel: 'B-BBEE level',
  vatNumber: 'VAT number',
  noindex: 'Hidden from search engines',
  replyTo: 'Replies go to',
  themeColor: 'Browser colour',
  label_top: 'Tab’s distance from the top',
  label_vis: 'Tab shown',
  sidebar_pos: 'Side of the screen',
  sidebar_type: 'How the panel opens',
  fade_content: 'Dim the page behind',
  plugin_ver: 'Plugin version',
  humantest: 'Human test',
  clientType: 'Kind of client',
  beforeAfter: 'Before and after',
};

/** The key behind a renamed field, for its hint ("Called “eyebrow” in the content files."); undefined where the label is the key in words. */
export const technicalNameHint = (key: string): string | undefined => (FIELD_LABELS[key] === undefined ? undefined : `Called “${key}” in the content files.`);

/** The repository's content, as the revisions list and the documents call it (revision 0 on the server). */
export const REPOSITORY_REVISION = 'As delivered with the site, before any change in the console';

/** Add project's own names for its fields (StructFormContext.labels): the card's id is its page's address. */
export const NEW_PROJECT_LABELS: Readonly<Record<string, string>> = {
  'card.id': 'Page address',
  'card.name': 'Name',
  'page.title': 'Title for search engines',
  'page.description': 'Description for search engines',
};
