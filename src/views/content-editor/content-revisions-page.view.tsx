// A document's revisions (`#/content/<name>/revisions`, README.md "Editing the site"): newest
// first, who published each, when and why; "Compare with the previous" shows every field that
// changed (path, before, after; list items added and removed); "Restore" asks, then makes that
// revision's document live again as a new revision. A conflict (someone published meanwhile)
// says who, and offers reloading the list or restoring over theirs. It says how many revisions
// a document keeps (content/content-limits.ts). Renders the contentRevisions machine's state.
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { contentDocuments, type DocumentName } from '../../../content/content-documents.ts';
import { revisionsKeptText } from '../../../content/content-limits.ts';
import { contentRevisionsMachine, previousOf } from '../../machines/content-editor/content-revisions.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { CONSOLE_HASH, contentHash } from '../../validation/console/console-hashes.ts';
import { documentDiff, type DocumentChange } from '../../validation/content-editor/document-diff.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { LoadProblem } from '../shared/load-problem.view.tsx';
import { RevisionFacts } from './content-texts.tsx';
import { parsePathText, pathLabel } from './struct-fields.ts';
import '../shared/action-button.css';
import './content-editor.css';

export interface ContentRevisionsPageProps extends ConsolePageProps {
  documentName: DocumentName;
  logic?: typeof contentRevisionsMachine;
  inspect?: (event: InspectionEvent) => void;
}

const KIND_TEXT: Record<DocumentChange['kind'], string> = { changed: 'Changed', added: 'Added', removed: 'Removed' };

/** A value as the diff shows it: text as it is, anything else as JSON. */
export const shownValue = (value: unknown): string => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function ChangesTable({ changes }: { changes: readonly DocumentChange[] }) {
  if (changes.length === 0) return <p>No field changed.</p>;
  return (
    <div className="content-diff__wrap">
      <table className="content-diff console-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Change</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={`${change.kind}:${change.path}`}>
              <th scope="row" data-label="Field">
                {pathLabel(parsePathText(change.path))}
              </th>
              <td data-label="Change">{KIND_TEXT[change.kind]}</td>
              <td data-label="Before" className="content-diff__value">
                {change.kind === 'added' ? '—' : shownValue(change.before)}
              </td>
              <td data-label="After" className="content-diff__value">
                {change.kind === 'removed' ? '—' : shownValue(change.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ContentRevisionsPage({ session, api, navigate, onSessionEnded, documentName, logic = contentRevisionsMachine, inspect }: ContentRevisionsPageProps) {
  const actorRef = useActorRef(logic, { input: { api, name: documentName }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const statusRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });
  useEmittedFocus(actorRef, 'focus.status', statusRef);
  useEmittedFocus(actorRef, 'focus.confirm', confirmRef);
  const { context } = snapshot;
  const { title } = contentDocuments[documentName];
  const busy = snapshot.hasTag('busy');
  const at = (state: string) => snapshot.matches({ listed: state } as never);
  const selected = context.revisions.find((item) => item.revision === context.selected);
  // What the page calls a revision: its number within the document (the server's), not its key.
  const selectedNumber = selected?.number ?? context.selected;

  return (
    <section className="content-page" aria-labelledby="content-revisions-title" aria-busy={busy}>
      <nav className="content-page__links" aria-label="Document">
        <a href={CONSOLE_HASH.content}>All documents</a> <a href={contentHash(documentName)}>Edit {title}</a>
      </nav>
      <h1 id="content-revisions-title" tabIndex={-1}>
        Revisions: {title}
      </h1>
      <p className="content-notice">{revisionsKeptText}</p>
      {snapshot.matches('loading') || snapshot.matches('restored') ? <p role="status">Loading the revisions…</p> : null}
      {snapshot.matches('failed') ? <LoadProblem className="content-problem" what="The revisions" problem={context.problem} onRetry={() => actorRef.send({ type: 'revisions.reload' })} /> : null}
      {snapshot.matches('missing') ? <p>There is no such document.</p> : null}
      <div ref={statusRef} tabIndex={-1} className="content-page__status">
        {at('restored') && context.restored ? (
          <p role="status" className="content-page__done">
            Revision {selectedNumber} is live again, as revision {context.restored.number}.
          </p>
        ) : null}
        {at('failed') ? (
          <p role="alert" className="content-problem">
            That did not work. {context.problem}
          </p>
        ) : null}
        {at('conflict') && context.conflict ? (
          <div role="alert" className="content-confirm">
            <p>
              Someone published this document since the list was loaded:{' '}
              <RevisionFacts number={context.conflict.number} publishedAt={context.conflict.publishedAt} publishedBy={context.conflict.publishedBy} timeZone={session.timeZone} />.
            </p>
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'conflict.loadTheirs' })}>
              Show the revisions again
            </button>
            <button type="button" className="action-button" onClick={() => actorRef.send({ type: 'conflict.keepMine' })}>
              Restore revision {selectedNumber} over theirs
            </button>
          </div>
        ) : null}
        {(at('confirming') || at('restoring')) && selected ? (
          <div role="group" aria-labelledby="content-restore-text" className="content-confirm">
            <p id="content-restore-text">
              Make revision {selected.number} live again? It is published as a new revision; the current one stays in the list.
            </p>
            <button type="button" ref={confirmRef} className="action-button" aria-disabled={at('restoring') || undefined} onClick={() => (at('restoring') ? undefined : actorRef.send({ type: 'restore.confirm' }))}>
              {at('restoring') ? 'Restoring…' : `Restore revision ${selected.number}`}
            </button>
            {at('restoring') ? null : (
              <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'restore.cancel' })}>
                Cancel
              </button>
            )}
          </div>
        ) : null}
        {at('comparing') ? <p role="status">Loading revision {selectedNumber} and the one before it…</p> : null}
        {at('compared') && context.pair ? (
          <section className="content-compare" aria-labelledby="content-compare-title">
            <h2 id="content-compare-title">
              Revision {context.pair.revision.number} compared with {context.pair.previous ? `revision ${context.pair.previous.number}` : 'nothing before it'}
            </h2>
            <ChangesTable changes={documentDiff(context.pair.previous?.document ?? null, context.pair.revision.document)} />
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'compare.close' })}>
              Close the comparison
            </button>
          </section>
        ) : null}
      </div>
      {snapshot.matches('listed') ? (
        <ol className="content-revisions">
          {context.revisions.map((item) => (
            <li key={item.revision} className="content-revisions__item">
              <p>
                <strong>
                  <RevisionFacts number={item.number} publishedAt={item.publishedAt} publishedBy={item.publishedBy} timeZone={session.timeZone} />
                </strong>
                {item.live ? <span className="content-revisions__live"> (live)</span> : null}
              </p>
              {item.note ? <p className="content-revisions__note">“{item.note}”</p> : null}
              <div className="content-revisions__tools">
                {previousOf(context.revisions, item.revision) !== null ? (
                  <button type="button" className="action-button action-button--secondary" aria-disabled={busy || undefined} onClick={() => actorRef.send({ type: 'compare.open', revision: item.revision })}>
                    Compare with the previous{' '}<span className="visually-hidden">(revision {item.number})</span>
                  </button>
                ) : null}
                {item.live ? null : (
                  <button type="button" className="action-button action-button--secondary" aria-disabled={busy || undefined} onClick={() => actorRef.send({ type: 'restore.start', revision: item.revision })}>
                    Restore{' '}<span className="visually-hidden">revision {item.number}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
