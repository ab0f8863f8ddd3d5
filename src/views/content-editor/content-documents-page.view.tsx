// The documents page (`#/content`, README.md "Editing the site"): every document by group, with
// its live revision (when, by whom) and a link to its editor and its revisions. A person who may
// not publish is told so (they read; the server refuses their publish). Renders the
// contentDocuments machine's state.
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { DOCUMENT_GROUPS, type DocumentGroup } from '../../../content/document-names.ts';
import { contentDocumentsMachine } from '../../machines/content-editor/content-documents.machine.ts';
import { contentSchedulesMachine } from '../../machines/content-editor/content-schedules.machine.ts';
import { ScheduledChanges } from './scheduled-changes.view.tsx';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { CONSOLE_HASH, contentHash, contentRevisionsHash } from '../../validation/console/console-hashes.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import { LoadProblem } from '../shared/load-problem.view.tsx';
import { RevisionFacts } from './content-texts.tsx';
import '../shared/action-button.css';
import './content-editor.css';

export const GROUP_TITLES: Record<DocumentGroup, string> = {
  home: 'Home page',
  projects: 'Projects',
  company: 'Company',
  forms: 'Forms',
  pages: 'Other pages',
  site: 'The whole site',
};

/** Who can change it and where: the owner's switch on the People page (staff-editing-switch.view.tsx). */
export const READ_ONLY_TEXT =
  'You can read the documents and their revisions, but not publish: an owner has not allowed staff to edit the site’s content. An owner can allow it on the People page (“Staff may edit the site’s content”).';

export interface ContentDocumentsPageProps extends ConsolePageProps {
  logic?: typeof contentDocumentsMachine;
  /** The scheduled changes' machine (tests give one with fake requests). */
  schedulesLogic?: typeof contentSchedulesMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function ContentDocumentsPage({ session, api, navigate, onSessionEnded, logic = contentDocumentsMachine, schedulesLogic = contentSchedulesMachine, inspect }: ContentDocumentsPageProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });
  const { list, problem } = snapshot.context;

  return (
    <section className="content-page" aria-labelledby="content-documents-title" aria-busy={snapshot.hasTag('busy')}>
      <h1 id="content-documents-title" tabIndex={-1}>
        Site content
      </h1>
      {snapshot.matches('loading') ? <p role="status">Loading the documents…</p> : null}
      {snapshot.matches('failed') ? <LoadProblem className="content-problem" what="The documents" problem={problem} onRetry={() => actorRef.send({ type: 'documents.reload' })} /> : null}
      {snapshot.matches('shown') && list ? (
        <>
          <p>
            <a href={CONSOLE_HASH.contentSearch}>Find and replace</a> a word, a phone number or an address in every document at once.
          </p>
          {list.canEdit ? (
            <>
              <p>Choose a document to edit. What you publish is live on the site within seconds; every revision is kept and can be restored.</p>
              <p>
                <a className="action-button" href={CONSOLE_HASH.addProject}>
                  Add a project
                </a>{' '}
                its card in the grid and its own page, in one step.
              </p>
            </>
          ) : (
            <p className="content-notice" role="note">
              {READ_ONLY_TEXT}
            </p>
          )}
          <ScheduledChanges api={api} timeZone={session.timeZone} canEdit={list.canEdit} navigate={navigate} onSessionEnded={onSessionEnded} logic={schedulesLogic} />
          {DOCUMENT_GROUPS.map((group) => {
            const documents = list.documents.filter((document) => document.group === group);
            if (documents.length === 0) return null;
            return (
              <section key={group} aria-labelledby={`content-group-${group}`}>
                <h2 id={`content-group-${group}`}>{GROUP_TITLES[group]}</h2>
                <ul className="content-documents">
                  {documents.map((document) => (
                    <li key={document.name} className="content-documents__item">
                      <a href={contentHash(document.name)}>{document.title}</a>
                      <span className="content-documents__facts">
                        <RevisionFacts number={document.number} publishedAt={document.publishedAt} publishedBy={document.publishedBy} timeZone={session.timeZone} />
                      </span>
                      <a className="content-documents__revisions" href={contentRevisionsHash(document.name)}>
                        Revisions{' '}<span className="visually-hidden">of {document.title}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      ) : null}
    </section>
  );
}
