// Find and replace (`#/content/search?text=…`, README.md "Editing the site"): a text searched in
// every live document; each place listed under its document, its field in words as a link to the
// editor at that field, and the text around it. "Replace in all" previews every change (the text
// struck through, the replacement beside it) with one note for every revision, then publishes one
// revision per document; what was done, a conflict or the fields a replacement would break are
// said in the status. Renders the contentSearch machine's state.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { contentSearchMachine } from '../../machines/content-editor/content-search.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { CONSOLE_HASH, contentFieldHash } from '../../validation/console/console-hashes.ts';
import { contentDocuments } from '../../../content/content-documents.ts';
import { NOTE_MAX, SEARCH_TEXT_MAX, type SearchAnswer } from '../../validation/content-editor/content-editor.protocol.ts';
import { replaceNote, SEARCH_PLACES_MAX, type TextPlace } from '../../validation/content-editor/content-search.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { TextField } from '../shared/form-fields/index.ts';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { READ_ONLY_TEXT } from './content-documents-page.view.tsx';
import { parsePathText, pathLabel } from './struct-fields.ts';
import '../shared/action-button.css';
import './content-editor.css';

export interface ContentSearchPageProps extends ConsolePageProps {
  /** The address's query: `text=` is the search. */
  query: string;
  logic?: typeof contentSearchMachine;
  inspect?: (event: InspectionEvent) => void;
}

export const SEARCH_FORM_ID = 'content-search';
export const TEXT_MISSING = 'Write the text to find.';
export const SAME_TEXT = 'The replacement is the text found: write what it should become.';

const textOf = (query: string) => new URLSearchParams(query).get('text') ?? '';
const places = (count: number) => `${count} ${count === 1 ? 'place' : 'places'}`;
const documentsText = (count: number) => `${count} ${count === 1 ? 'document' : 'documents'}`;

/** A place's text: the match marked, or, in the preview, struck through with the replacement beside it. */
function PlaceText({ place, replacement }: { place: TextPlace; replacement: string | null }) {
  return (
    <p className="content-search__text">
      {place.before}
      {replacement === null ? (
        <mark>{place.match}</mark>
      ) : (
        <>
          <del>
            <span className="visually-hidden">was </span>
            {place.match}
          </del>
          <ins>
            <span className="visually-hidden">becomes </span>
            {replacement === '' ? <span className="content-search__removed">(nothing)</span> : replacement}
          </ins>
        </>
      )}
      {place.after}
    </p>
  );
}

function PlacesList({ found, replacement }: { found: SearchAnswer; replacement: string | null }) {
  return (
    <>
      {found.documents.map((document) => (
        <section key={document.name} className="content-search__document" aria-labelledby={`content-search-${document.name}`}>
          <h2 id={`content-search-${document.name}`}>
            {document.title} <span className="content-search__count">({places(document.places.length)})</span>
          </h2>
          <ol className="content-search__places">
            {document.places.map((place, index) => (
              <li key={`${place.path}:${index}`} className="content-search__place">
                <a href={contentFieldHash(document.name, place.path)}>
                  <span className="visually-hidden">Edit {document.title}: </span>
                  {pathLabel(parsePathText(place.path))}
                </a>
                <PlaceText place={place} replacement={replacement} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

/** The waiting scheduled drafts that have the text: listed, never replaced. */
function WaitingDrafts({ drafts, timeZone }: { drafts: SearchAnswer['drafts']; timeZone: string }) {
  if (drafts.length === 0) return null;
  return (
    <section className="content-search__document" aria-labelledby="content-search-drafts">
      <h2 id="content-search-drafts">Not live yet: scheduled changes ({drafts.length})</h2>
      <p className="content-notice">
        A replacement changes the live site only, never these drafts. And a draft scheduled for a document the replacement publishes is then not published at its time (it started from
        the revision before): cancel it on <a href={CONSOLE_HASH.content}>Site content</a> and schedule it again from the new revision.
      </p>
      {drafts.map((draft) => (
        <section key={draft.id} aria-labelledby={`content-search-draft-${draft.id}`}>
          <h3 id={`content-search-draft-${draft.id}`}>
            {draft.title}, to go live {formatConsoleTime(draft.publishAt, timeZone)} <span className="content-search__count">({places(draft.places.length)})</span>
          </h3>
          <ol className="content-search__places">
            {draft.places.map((place, index) => (
              <li key={`${place.path}:${index}`} className="content-search__place">
                <span>{pathLabel(parsePathText(place.path))}</span>
                <PlaceText place={place} replacement={null} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}

export function ContentSearchPage({ session, api, navigate, onSessionEnded, query, logic = contentSearchMachine, inspect }: ContentSearchPageProps) {
  const actorRef = useActorRef(logic, { input: { api, text: textOf(query) }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const statusRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLInputElement>(null);
  const replacementRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });
  useEmittedFocus(actorRef, 'focus.status', statusRef);
  useEmittedFocus(actorRef, 'focus.text', textRef);
  useEmittedFocus(actorRef, 'focus.replacement', replacementRef);
  useEmittedFocus(actorRef, 'focus.preview', previewRef);
  // The address's text (back, forward, a link) is the search's.
  useEffect(() => {
    actorRef.send({ type: 'search.address', text: textOf(query) });
  }, [actorRef, query]);

  const { context } = snapshot;
  const { found } = context;
  const busy = snapshot.hasTag('busy');
  const at = (state: 'listed' | 'sameText' | 'previewing' | 'replacing' | 'conflict' | 'refused' | 'failed') => snapshot.matches({ found: state });
  const previewing = at('previewing') || at('replacing') || at('failed');
  const send = actorRef.send.bind(actorRef);
  const quoted = (text: string) => `\u201c${text}\u201d`;
  /** The replacement as the page says it: an empty one takes the text out. */
  const replacementText = context.replacement === '' ? 'nothing' : quoted(context.replacement);

  return (
    <section className="content-page content-search" aria-labelledby="content-search-title" aria-busy={busy}>
      <nav className="content-page__links" aria-label="Site content">
        <a href={CONSOLE_HASH.content}>All documents</a>
      </nav>
      <h1 id="content-search-title" tabIndex={-1}>
        Find and replace
      </h1>
      <p>Every live page&rsquo;s text is searched: headings, paragraphs, links, addresses and the forms&rsquo; words, without regard to capitals.</p>
      <form
        role="search"
        aria-label="The site's content"
        className="content-search__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'search.submit' });
        }}
      >
        <TextField
          formId={SEARCH_FORM_ID}
          name="text"
          label="Find"
          hint={`A word, a phone number, an address: up to ${SEARCH_TEXT_MAX} characters.`}
          type="text"
          value={context.text}
          maxLength={SEARCH_TEXT_MAX}
          error={snapshot.matches('textMissing') ? TEXT_MISSING : undefined}
          controlRef={textRef}
          onChange={(value) => send({ type: 'text.change', value })}
        />
        <button type="submit" className="action-button" aria-disabled={busy || undefined}>
          Search
        </button>
      </form>

      <div ref={statusRef} tabIndex={-1} className="content-page__status">
        {snapshot.matches('searching') ? <p role="status">Searching…</p> : null}
        {snapshot.matches('failed') ? (
          <p role="alert" className="content-problem">
            The search did not work. {context.problem}
          </p>
        ) : null}
        {snapshot.matches('nothingFound') && found ? <p role="status">{quoted(found.text)} is not in any live document.</p> : null}
        {snapshot.matches('found') && found && !previewing && !at('conflict') && !at('refused') ? (
          <p role="status">
            {quoted(found.text)} is in {places(found.count)} in {documentsText(found.documents.length)}.
            {found.count > SEARCH_PLACES_MAX ? ` The first ${SEARCH_PLACES_MAX} are listed; a replacement changes at most ${SEARCH_PLACES_MAX} places at once: search for a longer text to replace it.` : ''}
          </p>
        ) : null}
        {snapshot.matches('replaced') && context.replaced && found ? (
          <div role="status" className="content-page__done">
            <p>
              Replaced {quoted(found.text)} with {replacementText} in {places(context.replaced.published.reduce((sum, item) => sum + item.count, 0))}, live on the site within seconds:{' '}
              {context.replaced.published.map((item) => `${item.title} (revision ${item.number})`).join(', ')}.
            </p>
            <button type="button" className="action-button action-button--secondary" onClick={() => send({ type: 'search.again' })}>
              Search again for {quoted(found.text)}
            </button>
          </div>
        ) : null}
        {at('conflict') ? (
          <div role="alert" className="content-confirm">
            <p>Nothing was changed. {context.problem}</p>
            <button type="button" className="action-button" onClick={() => send({ type: 'search.again' })}>
              Search again
            </button>
          </div>
        ) : null}
        {at('refused') ? (
          <div role="alert" className="content-problem">
            <p>Nothing was changed: with {replacementText}, these fields would not be valid.</p>
            <ul>
              {context.problems.map((problem, index) => (
                <li key={`${problem.name}:${problem.path}:${index}`}>
                  <a href={contentFieldHash(problem.name, problem.path)}>
                    {contentDocuments[problem.name].title}, {pathLabel(parsePathText(problem.path))}
                  </a>
                  : {problem.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {at('failed') ? (
          <p role="alert" className="content-problem">
            The replacement did not work; nothing is known to have changed. {context.problem}
          </p>
        ) : null}
      </div>

      {snapshot.matches('found') && found && found.count <= SEARCH_PLACES_MAX ? (
        found.canEdit ? (
          <form
            className="content-search__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'replace.preview' });
            }}
          >
            <TextField
              formId={SEARCH_FORM_ID}
              name="replacement"
              label={`Replace ${quoted(found.text)} with`}
              hint="Plain text, put in every place listed below. Leave it empty to take the text out."
              type="text"
              value={context.replacement}
              maxLength={SEARCH_TEXT_MAX}
              error={at('sameText') ? SAME_TEXT : undefined}
              controlRef={replacementRef}
              onChange={(value) => send({ type: 'replacement.change', value })}
            />
            <button type="submit" className="action-button action-button--secondary" aria-disabled={busy || undefined}>
              Preview the changes
            </button>
          </form>
        ) : (
          <p className="content-notice" role="note">
            {READ_ONLY_TEXT}
          </p>
        )
      ) : null}

      {previewing && found ? (
        <section ref={previewRef} tabIndex={-1} className="content-confirm" aria-labelledby="content-replace-title">
          <h2 id="content-replace-title">
            Replace {quoted(found.text)} with {replacementText} in {places(found.count)}?
          </h2>
          <p>
            Each of the {documentsText(found.documents.length)} below is published as a new revision, all with one note. Every revision is kept and can be restored.
            {found.drafts.length > 0 ? ` The ${found.drafts.length === 1 ? 'scheduled change' : `${found.drafts.length} scheduled changes`} listed last ${found.drafts.length === 1 ? 'is' : 'are'} not changed.` : ''}
          </p>
          <TextField
            formId={SEARCH_FORM_ID}
            name="note"
            label="What changed (optional)"
            hint={`Without one: ${replaceNote(found.text, context.replacement)}. At most ${NOTE_MAX} characters.`}
            type="text"
            value={context.note}
            maxLength={NOTE_MAX}
            onChange={(value) => send({ type: 'note.change', value })}
          />
          <button type="button" className="action-button" aria-disabled={at('replacing') || undefined} onClick={() => (at('replacing') ? undefined : send({ type: 'replace.confirm' }))}>
            {at('replacing') ? 'Replacing…' : at('failed') ? 'Try again' : `Replace in ${places(found.count)}`}
          </button>
          {at('replacing') ? null : (
            <button type="button" className="action-button action-button--secondary" onClick={() => send({ type: 'replace.cancel' })}>
              Cancel
            </button>
          )}
        </section>
      ) : null}

      {snapshot.matches('found') && found ? <PlacesList found={found} replacement={previewing ? context.replacement : null} /> : null}
      {(snapshot.matches('found') || snapshot.matches('nothingFound')) && found ? <WaitingDrafts drafts={found.drafts} timeZone={session.timeZone} /> : null}
    </section>
  );
}
