// What the content editor's pages say about a revision (who published it and when): written once
// for the documents, the editor and the revisions.
import type { Author } from '../../validation/content-editor/content-editor.protocol.ts';
import { ConsoleTime } from '../shared/console-time.view.tsx';

export function RevisionFacts({ revision, publishedAt, publishedBy, timeZone }: { revision: number; publishedAt: string | null; publishedBy: Author | null; timeZone: string }) {
  if (revision === 0 || publishedAt === null) return <>The repository’s content (revision 0)</>;
  return (
    <>
      Revision {revision}, published <ConsoleTime at={publishedAt} timeZone={timeZone} />
      {publishedBy ? <> by {publishedBy.name}</> : null}
    </>
  );
}
