// "Add project" (`#/content/add-project`, README.md "Editing the site"): one form for a new
// project's card in the grid (name, client, city, year, category, summary, picture) and its page
// (title and description for search engines, the story, the gallery, an optional before/after
// pair), generated from the same structs as the documents' editor; Add publishes both at once and
// the project's page, its card and the grid's filter are live within seconds. Every problem is
// beside its field and in the summary. Renders the addProject machine's state.
import type { EventFrom, SnapshotFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { addProjectMachine } from '../../machines/content-editor/add-project.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { CONSOLE_HASH } from '../../validation/console/console-hashes.ts';
import { NOTE_MAX } from '../../validation/content-editor/content-editor.protocol.ts';
import { categoryIdsOf, newProjectStruct } from '../../validation/content-editor/new-project.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { ErrorSummary, TextField } from '../shared/form-fields/index.ts';
import type { PictureChoice } from '../shared/picture-choice.ts';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { LINKS_ID, SITE_LINKS, summaryItems } from './content-editor-page.view.tsx';
import { LoadProblem } from '../shared/load-problem.view.tsx';
import { NEW_PROJECT_LABELS } from './content-texts.tsx';
import { StructForm, type StructFormContext } from './struct-form.view.tsx';
import { emptyValue } from './struct-fields.ts';
import '../shared/action-button.css';
import './content-editor.css';

export const ADD_PROJECT_FORM_ID = 'add-project';

/** The empty form: this year, one paragraph and one picture to fill in (both lists need one). */
export function blankNewProject(year: number): unknown {
  const empty = emptyValue(newProjectStruct([])) as { card: Record<string, unknown>; page: Record<string, unknown> };
  return { card: { ...empty.card, year }, page: { ...empty.page, story: [''], gallery: [{ key: '', alt: '' }] } };
}

export interface AddProjectPageProps extends ConsolePageProps {
  /** How a picture is chosen (the shell gives the media library's picker). */
  PictureChoice: PictureChoice;
  /** The empty form; this year's by default. */
  blank?: unknown;
  logic?: typeof addProjectMachine;
  inspect?: (event: InspectionEvent) => void;
}

type Snapshot = SnapshotFrom<typeof addProjectMachine>;
type Send = (event: EventFrom<typeof addProjectMachine>) => void;

export function AddProjectPage({ session, api, navigate, onSessionEnded, PictureChoice, blank, logic = addProjectMachine, inspect }: AddProjectPageProps) {
  const actorRef = useActorRef(logic, { input: { api, blank: blank ?? blankNewProject(new Date().getFullYear()), timeZone: session.timeZone }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const publishAtRef = useRef<HTMLInputElement>(null);
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });
  useEmittedFocus(actorRef, 'focus.publishAt', publishAtRef);
  useEmittedFocus(actorRef, 'focus.summary', summaryRef);
  useEmittedFocus(actorRef, 'focus.status', statusRef);
  const { context } = snapshot;
  const send = actorRef.send.bind(actorRef);
  // The category is one of the live grid's, chosen from a list.
  const struct = useMemo(() => newProjectStruct(context.live === null ? [] : categoryIdsOf(context.live)), [context.live]);

  const top = (
    <>
      <nav className="content-page__links" aria-label="Site content">
        <a href={CONSOLE_HASH.content}>All documents</a>
      </nav>
      <h1 id="add-project-title" tabIndex={-1}>
        Add a project
      </h1>
    </>
  );

  const editing = snapshot.matches('editing') && context.live !== null;
  const editable = snapshot.hasTag('editable');
  const problems = snapshot.hasTag('invalid') ? context.problems : [];
  const formContext: StructFormContext = {
    formId: ADD_PROJECT_FORM_ID,
    problems: new Map(problems.map((problem) => [problem.path, problem.message])),
    rawJson: context.rawJson,
    onEdit: (edit) => send({ type: 'draft.edit', edit }),
    linksId: LINKS_ID,
    PictureChoice,
    labels: NEW_PROJECT_LABELS,
    choiceLabels: Object.fromEntries((context.live?.projects.categories ?? []).map((category) => [category.id, category.label])),
  };

  // One status element in every state (first after the heading), so the focus a state change
  // sends there lands on what is shown.
  return (
    <section className="content-page" aria-labelledby="add-project-title" aria-busy={snapshot.hasTag('busy')}>
      {top}
      <div ref={statusRef} tabIndex={-1} className="content-page__status">
        <AddStatus snapshot={snapshot} send={send} timeZone={session.timeZone} />
      </div>
      {snapshot.matches('failed') ? <LoadProblem className="content-problem" what="The projects" problem={context.problem} onRetry={() => send({ type: 'document.reload' })} /> : null}
      {snapshot.matches('loading') ? <p role="status">Loading the projects…</p> : null}
      {snapshot.matches('added') || snapshot.matches('scheduled') ? (
        <button type="button" className="action-button" onClick={() => send({ type: 'project.another' })}>
          Add another project
        </button>
      ) : null}
      {editing ? (
        <>
          <p>
            The card shows first in the grid on the home page, under its category; the page is at <code>/projects/</code> followed by its page address (lower-case letters, digits
            and hyphens, such as <code>menlyn-atrium-2026</code>), made from the name as you type it until you write one of your own. Both go live together when you press Add.
          </p>
          <p className="visually-hidden" role="status">
            {context.announcement}
          </p>
          <ErrorSummary formId={ADD_PROJECT_FORM_ID} items={summaryItems(problems, ADD_PROJECT_FORM_ID)} summaryRef={summaryRef} headingLevel={2} />
          <form className="content-form" noValidate aria-labelledby="add-project-title" onSubmit={(event) => event.preventDefault()}>
            <fieldset className="content-form__fields" disabled={!editable}>
              <legend className="visually-hidden">The new project</legend>
              <StructForm struct={struct} value={context.draft} context={formContext} />
              <TextField
                formId={ADD_PROJECT_FORM_ID}
                name="note"
                label="Note for the revisions list (optional)"
                hint={`At most ${NOTE_MAX} characters.`}
                maxLength={NOTE_MAX}
                value={context.note}
                onChange={(note) => send({ type: 'note.change', note })}
              />
              <TextField
                formId={ADD_PROJECT_FORM_ID}
                name="publish-at"
                type="datetime-local"
                label="Or add it at (optional)"
                hint={`A date and time on the company\u2019s clock (${session.timeZone}), for \u201cAdd at that time\u201d. The project is checked now and goes live then, within a minute.`}
                value={context.publishAt}
                error={snapshot.matches({ editing: { changed: 'timeInvalid' } }) ? context.timeProblem : undefined}
                controlRef={publishAtRef}
                onChange={(value) => send({ type: 'publishAt.change', value })}
              />
            </fieldset>
            <datalist id={LINKS_ID}>
              {SITE_LINKS.map((link) => (
                <option key={link} value={link} />
              ))}
            </datalist>
            {editable ? (
              <div className="content-form__actions">
                <button type="button" className="action-button" onClick={() => send({ type: 'project.add' })}>
                  Add the project
                </button>
                <button type="button" className="action-button action-button--secondary" onClick={() => send({ type: 'project.schedule' })}>
                  Add at that time
                </button>
              </div>
            ) : null}
          </form>
        </>
      ) : null}
    </section>
  );
}

/** Why adding (or scheduling) the project failed: Try again, or back to the form. */
function SendFailed({ what, problem, retry, back }: { what: 'added' | 'scheduled'; problem: string; retry(): void; back(): void }) {
  return (
    <div role="alert" className="content-problem">
      <p>
        The project was not {what}. {problem}
      </p>
      <button type="button" className="action-button" onClick={retry}>
        Try again
      </button>
      <button type="button" className="action-button action-button--secondary" onClick={back}>
        Back to the form
      </button>
    </div>
  );
}

/** Added or scheduled, adding or scheduling now, the leave question, or why adding or scheduling failed. */
function AddStatus({ snapshot, send, timeZone }: { snapshot: Snapshot; send: Send; timeZone: string }) {
  const { added, scheduled } = snapshot.context;
  if (snapshot.matches('scheduled') && scheduled) {
    return (
      <p role="status" className="content-page__done">
        Scheduled: the project is added on {formatConsoleTime(scheduled.publishAt, timeZone)}. <a href={CONSOLE_HASH.content}>Site content</a> lists it, and can cancel it.
      </p>
    );
  }
  if (snapshot.matches({ editing: { changed: 'scheduling' } })) {
    return (
      <p role="status" className="content-page__busy">
        Scheduling the project…
      </p>
    );
  }
  if (snapshot.matches({ editing: { changed: 'scheduleFailed' } })) return <SendFailed what="scheduled" problem={snapshot.context.problem} retry={() => send({ type: 'project.schedule' })} back={() => send({ type: 'add.cancel' })} />;
  if (snapshot.matches('added') && added) {
    return (
      <p role="status" className="content-page__done">
        Added. Its page, its card in the grid and the grid’s filter are live on the site within seconds: <a href={added.path}>{added.path}</a>
      </p>
    );
  }
  if (snapshot.matches({ editing: { changed: 'sending' } })) {
    return (
      <p role="status" className="content-page__busy">
        Adding the project…
      </p>
    );
  }
  if (snapshot.matches({ editing: { changed: 'leaving' } })) {
    return (
      <div className="content-confirm" role="group" aria-labelledby="add-project-leave-text">
        <p id="add-project-leave-text">This project has not been added. Leave without adding it? What you filled in will be lost.</p>
        <button type="button" className="action-button action-button--danger" onClick={() => send({ type: 'leave.confirm' })}>
          Leave and lose the form
        </button>
        <button type="button" className="action-button action-button--secondary" onClick={() => send({ type: 'leave.cancel' })}>
          Stay
        </button>
      </div>
    );
  }
  if (snapshot.matches({ editing: { changed: 'failed' } })) return <SendFailed what="added" problem={snapshot.context.problem} retry={() => send({ type: 'project.add' })} back={() => send({ type: 'add.cancel' })} />;
  return null;
}
