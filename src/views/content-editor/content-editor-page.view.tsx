// A document's editor (`#/content/<name>`, README.md "Editing the site"): the form generated from
// its struct, Preview (the real page rendered with the draft, 375 or 1280 px wide, any page it
// appears on) and Publish (a short note); every problem beside its field and, when a preview or
// publish is refused, in the summary at the top; a conflict says who published first and offers
// their revision or mine over it; leaving with unsaved changes asks first. It renders the
// contentEditor machine's state and sends it events.
import type { EventFrom, SnapshotFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type RefObject } from 'react';
import type { InspectionEvent } from 'xstate';
import { contentDocuments, type DocumentName } from '../../../content/content-documents.ts';
import { DOCUMENT_MAX_BYTES, documentBytes, revisionsKeptText, sizeText } from '../../../content/content-limits.ts';
import { homeSectionIds } from '../../../content/section-ids.ts';
import { contentEditorMachine } from '../../machines/content-editor/content-editor.machine.ts';
import type { DraftEdit } from '../../machines/content-editor/draft-edit.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { CONSOLE_HASH, contentRevisionsHash } from '../../validation/console/console-hashes.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { NOTE_MAX, type Problem } from '../../validation/content-editor/content-editor.protocol.ts';
import { isRepositoryOnlyPart } from '../../validation/content-editor/repository-only-parts.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { ErrorSummary, fieldIds, SelectField, TextField, type ErrorSummaryItem } from '../shared/form-fields/index.ts';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { LoadProblem } from '../shared/load-problem.view.tsx';
import { RevisionFacts } from './content-texts.tsx';
import { READ_ONLY_TEXT } from './content-documents-page.view.tsx';
import type { PictureChoice } from '../shared/picture-choice.ts';
import { StructForm, moveButtonId, type StructFormContext } from './struct-form.view.tsx';
import { fieldName, parsePathText, pathLabel } from './struct-fields.ts';
import '../shared/action-button.css';
import './content-editor.css';

export const FORM_ID = 'content-editor';
export const LINKS_ID = 'content-site-links';
/** The pages and sections a link may point to, suggested as it is typed. */
export const SITE_LINKS = ['/', ...homeSectionIds.map((id) => `/#${id}`)];
export const PREVIEW_WIDTHS = { narrow: 375, wide: 1280 } as const;

export interface ContentEditorPageProps extends ConsolePageProps {
  documentName: DocumentName;
  /** The address's query: `field=offices[0].phone` opens the editor at that field (find and replace links so). */
  query?: string;
  /** How a picture is chosen (the shell gives the media library's picker). */
  PictureChoice: PictureChoice;
  logic?: typeof contentEditorMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** The error summary's items: each problem links to its field. */
export function summaryItems(problems: readonly Problem[], formId = FORM_ID): ErrorSummaryItem[] {
  return problems.map((problem) => {
    const ids = fieldIds(formId, fieldName(parsePathText(problem.path)));
    return { fieldId: ids.control, labelId: ids.label, message: `${pathLabel(parsePathText(problem.path))}: ${problem.message}` };
  });
}

export function ContentEditorPage({ session, api, navigate, onSessionEnded, documentName, query = '', PictureChoice, logic = contentEditorMachine, inspect }: ContentEditorPageProps) {
  const actorRef = useActorRef(logic, { input: { api, name: documentName, timeZone: session.timeZone }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const noteRef = useRef<HTMLInputElement>(null);
  const publishAtRef = useRef<HTMLInputElement>(null);
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });
  useEmittedFocus(actorRef, 'focus.summary', summaryRef);
  useEmittedFocus(actorRef, 'focus.status', statusRef);
  useEmittedFocus(actorRef, 'focus.note', noteRef);
  useEmittedFocus(actorRef, 'focus.publishAt', publishAtRef);
  // A moved list item keeps the focus: its same button, at its new place, after the render.
  useEffect(() => {
    const moved = actorRef.on('focus.moved', ({ edit }) => {
      if (edit.op !== 'move') return;
      const id = moveButtonId(FORM_ID, edit.path, edit.to, edit.to < edit.from ? 'up' : 'down');
      requestAnimationFrame(() => document.getElementById(id)?.focus());
    });
    return () => moved.unsubscribe();
  }, [actorRef]);

  const { context } = snapshot;
  // Opened at a field (`?field=`): once the form is drawn, that field has the focus, in view.
  const field = new URLSearchParams(query).get('field');
  const formShown = context.live !== null && !snapshot.hasTag('busy');
  const fieldFocused = useRef(false);
  useEffect(() => {
    if (field === null || !formShown || fieldFocused.current) return;
    fieldFocused.current = true;
    // Focusing scrolls the field into view.
    document.getElementById(fieldIds(FORM_ID, fieldName(parsePathText(field))).control)?.focus();
  }, [field, formShown]);
  const { title, struct } = contentDocuments[documentName];
  const send = actorRef.send.bind(actorRef);
  const top = (
    <>
      <nav className="content-page__links" aria-label="Document">
        <a href={CONSOLE_HASH.content}>All documents</a> <a href={contentRevisionsHash(documentName)}>Revisions</a>
      </nav>
      <h1 id="content-editor-title" tabIndex={-1}>
        {title}
      </h1>
    </>
  );

  if (snapshot.matches('loading') || snapshot.matches('failed') || snapshot.matches('missing') || snapshot.matches('signedOut') || snapshot.matches('left') || !context.live) {
    return (
      <section className="content-page" aria-labelledby="content-editor-title" aria-busy={snapshot.hasTag('busy')}>
        {top}
        {snapshot.matches('failed') ? (
          <LoadProblem className="content-problem" what="The document" problem={context.problem} onRetry={() => send({ type: 'document.reload' })} />
        ) : snapshot.matches('missing') ? (
          <p>There is no such document.</p>
        ) : (
          <p role="status">Loading the document…</p>
        )}
      </section>
    );
  }

  const editable = snapshot.hasTag('editable');
  const invalid = snapshot.hasTag('invalid');
  const changed = snapshot.matches({ editing: 'changed' });
  // Once shown, each field's message follows the draft; the server's own stay until the next change.
  const problems = invalid ? context.problems : [];
  const formContext: StructFormContext = {
    formId: FORM_ID,
    problems: new Map(problems.map((problem) => [problem.path, problem.message])),
    rawJson: context.rawJson,
    onEdit: (edit: DraftEdit) => send({ type: 'draft.edit', edit }),
    linksId: LINKS_ID,
    PictureChoice,
    // The contact form's API actions and allowed hosts: shown with why they are not edited here.
    repositoryOnly: (path) => isRepositoryOnlyPart(documentName, path, context.draft, context.live?.document),
  };
  const unparsed = Object.keys(context.rawJson).length > 0;
  const { live } = context;

  return (
    <section className="content-page" aria-labelledby="content-editor-title" aria-busy={snapshot.hasTag('busy')}>
      {top}
      {snapshot.matches('readOnly') ? (
        <p className="content-notice" role="note">
          {READ_ONLY_TEXT}
        </p>
      ) : null}
      <p className="content-page__facts">
        Your draft starts from: <RevisionFacts number={live.number} publishedAt={live.publishedAt} publishedBy={live.publishedBy} timeZone={session.timeZone} />.{' '}
        {changed ? <strong>Unpublished changes.</strong> : snapshot.matches({ editing: 'scheduled' }) ? <strong>Scheduled.</strong> : 'No changes.'}{' '}
        {`Its size: ${sizeText(documentBytes(context.draft))} of the ${sizeText(DOCUMENT_MAX_BYTES)} a document may hold.`}
      </p>
      <p className="visually-hidden" role="status">
        {context.announcement}
      </p>
      <ErrorSummary formId={FORM_ID} items={summaryItems(problems)} summaryRef={summaryRef} headingLevel={3} />
      <div ref={statusRef} tabIndex={-1} className="content-page__status">
        <EditorStatus snapshot={snapshot} send={send} timeZone={session.timeZone} noteRef={noteRef} publishAtRef={publishAtRef} />
      </div>
      {snapshot.matches({ editing: { changed: 'previewing' } }) ? <Preview snapshot={snapshot} send={send} /> : null}
      <form className="content-form" noValidate aria-labelledby="content-editor-title" onSubmit={(event) => event.preventDefault()}>
        <fieldset className="content-form__fields" disabled={!editable}>
          <legend className="visually-hidden">{title}</legend>
          <StructForm struct={struct} value={context.draft} context={formContext} />
        </fieldset>
        <datalist id={LINKS_ID}>
          {SITE_LINKS.map((link) => (
            <option key={link} value={link} />
          ))}
        </datalist>
        {editable && changed ? (
          <div className="content-form__actions">
            <button type="button" className="action-button action-button--secondary" onClick={() => send({ type: 'draft.preview' })}>
              Preview
            </button>
            <button type="button" className="action-button" onClick={() => send({ type: 'draft.publish' })}>
              Publish
            </button>
            {unparsed ? <p className="content-form__hint">A part edited as JSON does not parse yet: correct it to preview or publish.</p> : null}
          </div>
        ) : null}
      </form>
    </section>
  );
}

type Snapshot = SnapshotFrom<typeof contentEditorMachine>;
type Send = (event: EventFrom<typeof contentEditorMachine>) => void;

/** What is happening now: the leave question, the publish step, a conflict, a failure, the result. */
function EditorStatus({ snapshot, send, timeZone, noteRef, publishAtRef }: { snapshot: Snapshot; send: Send; timeZone: string; noteRef: RefObject<HTMLInputElement | null>; publishAtRef: RefObject<HTMLInputElement | null> }) {
  const { context } = snapshot;
  if (snapshot.matches({ editing: 'scheduled' }) && context.scheduled) {
    return (
      <div role="status" className="content-page__done">
        <p>
          Scheduled: this draft goes live on {formatConsoleTime(context.scheduled.publishAt, timeZone)}. <a href={CONSOLE_HASH.content}>Site content</a> lists it, and can cancel it.
        </p>
        <button type="button" className="action-button action-button--secondary" onClick={() => send({ type: 'document.reload' })}>
          Back to the live document
        </button>
      </div>
    );
  }
  if (snapshot.matches({ editing: 'published' }) && context.published) {
    return (
      <p role="status" className="content-page__done">
        Published as revision {context.published.number}. It is live on the site within seconds.
      </p>
    );
  }
  if (snapshot.matches({ editing: { changed: 'leaving' } })) {
    return (
      <div className="content-confirm" role="group" aria-labelledby="content-leave-text">
        <p id="content-leave-text">This document has unpublished changes. Leave without publishing them? They will be lost.</p>
        <button type="button" className="action-button action-button--danger" onClick={() => send({ type: 'leave.confirm' })}>
          Leave and lose the changes
        </button>
        <button type="button" className="action-button action-button--secondary" onClick={() => send({ type: 'leave.cancel' })}>
          Stay
        </button>
      </div>
    );
  }
  if (snapshot.matches({ editing: { changed: 'conflict' } }) && context.conflict) {
    const { conflict, live } = context;
    return (
      <div className="content-confirm" role="alert">
        <p>
          Someone published this document while you were editing: <RevisionFacts number={conflict.number} publishedAt={conflict.publishedAt} publishedBy={conflict.publishedBy} timeZone={timeZone} />. Your
          changes started from revision {live?.number ?? 0}.
        </p>
        <button type="button" className="action-button action-button--secondary" onClick={() => send({ type: 'conflict.loadTheirs' })}>
          Load theirs (discard my changes)
        </button>
        <button type="button" className="action-button" onClick={() => send({ type: 'conflict.keepMine' })}>
          Keep mine, to publish over theirs
        </button>
      </div>
    );
  }
  if (snapshot.matches({ editing: { changed: 'publishing' } })) {
    const sending = snapshot.matches({ editing: { changed: { publishing: 'sending' } } });
    const scheduling = snapshot.matches({ editing: { changed: { publishing: 'scheduling' } } });
    const busy = sending || scheduling;
    const failed = snapshot.matches({ editing: { changed: { publishing: 'failed' } } });
    const timeInvalid = snapshot.matches({ editing: { changed: { publishing: 'timeInvalid' } } });
    return (
      <div className="content-publish" role="group" aria-labelledby="content-publish-title">
        <h2 id="content-publish-title">Publish</h2>
        {failed ? (
          <p role="alert" className="content-problem">
            Not published or scheduled. {context.problem}
          </p>
        ) : null}
        <TextField
            formId={FORM_ID}
            name="publish-note"
            label="What changed (optional)"
            hint={`A short note for the revisions list, at most ${NOTE_MAX} characters. ${revisionsKeptText}`}
            maxLength={NOTE_MAX}
            value={context.note}
            controlRef={noteRef}
            onChange={(note) => send({ type: 'note.change', note })}
          />
        <button type="button" className="action-button" aria-disabled={busy || undefined} onClick={() => (busy ? undefined : send({ type: 'publish.confirm' }))}>
          {sending ? 'Publishing…' : 'Publish now'}
        </button>
        <TextField
          formId={FORM_ID}
          name="publish-at"
          type="datetime-local"
          label="Or publish at"
          hint={`A date and time on the company’s clock (${timeZone}). The draft is checked now and goes live then, within a minute.`}
          value={context.publishAt}
          error={timeInvalid ? context.timeProblem : undefined}
          controlRef={publishAtRef}
          onChange={(value) => send({ type: 'publishAt.change', value })}
        />
        <button type="button" className="action-button action-button--secondary" aria-disabled={busy || undefined} onClick={() => (busy ? undefined : send({ type: 'schedule.confirm' }))}>
          {scheduling ? 'Scheduling…' : 'Schedule for that time'}
        </button>
        {busy ? null : (
          <button type="button" className="action-button action-button--secondary" onClick={() => send({ type: 'publish.cancel' })}>
            Cancel
          </button>
        )}
      </div>
    );
  }
  return null;
}

function Preview({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { context } = snapshot;
  const rendering = snapshot.matches({ editing: { changed: { previewing: 'rendering' } } });
  const failed = snapshot.matches({ editing: { changed: { previewing: 'failed' } } });
  const narrow = snapshot.matches({ editing: { changed: { previewing: { shown: 'narrow' } } } });
  const width = narrow ? PREVIEW_WIDTHS.narrow : PREVIEW_WIDTHS.wide;
  const paths = context.preview?.paths ?? [];
  return (
    <section className="content-preview" aria-labelledby="content-preview-title">
      <h2 id="content-preview-title">Preview</h2>
      <p>Only you see this: nothing is published until you press Publish.</p>
      <div className="content-preview__tools">
        <button type="button" className="action-button action-button--secondary" aria-pressed={narrow} disabled={rendering || failed} onClick={() => send({ type: 'preview.narrow' })}>
          Phone, {PREVIEW_WIDTHS.narrow} px
        </button>
        <button type="button" className="action-button action-button--secondary" aria-pressed={!narrow && !rendering && !failed} disabled={rendering || failed} onClick={() => send({ type: 'preview.widen' })}>
          Desktop, {PREVIEW_WIDTHS.wide} px
        </button>
        {paths.length > 1 && !rendering ? (
          <SelectField
            formId={FORM_ID}
            name="preview-page"
            label="Page"
            options={paths.map((path) => ({ value: path, label: path }))}
            value={context.previewPath ?? paths[0] ?? ''}
            onChange={(path) => send({ type: 'preview.page', path: String(path) })}
          />
        ) : null}
        <button type="button" className="action-button" onClick={() => send({ type: 'preview.close' })}>
          Back to editing
        </button>
      </div>
      {rendering ? <p role="status">Rendering the page with your changes…</p> : null}
      {failed ? (
        <div role="alert" className="content-problem">
          <p>The preview could not be made. {context.problem}</p>
          <button type="button" className="action-button" onClick={() => send({ type: 'preview.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {!rendering && !failed && context.preview ? (
        <div className="content-preview__frame-wrap">
          <iframe className="content-preview__frame" title={`Preview of ${context.previewPath ?? paths[0] ?? 'the page'}, ${width} px wide`} src={context.preview.url} width={width} height={800} style={{ width: `${width}px` }} />
        </div>
      ) : null}
    </section>
  );
}
