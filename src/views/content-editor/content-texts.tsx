// What the content editor's pages say about a revision (who published it and when), and what
// they show when a load failed: written once for the documents, the editor and the revisions.
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

export function ContentLoadProblem({ what, problem, onRetry }: { what: string; problem: string; onRetry(): void }) {
  return (
    <div className="content-problem" role="alert">
      <p>
        {what} could not be loaded. {problem}
      </p>
      <button type="button" className="action-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
