// A console list's selection and its actions (the bulkSelection machine): a box on each row, a
// box for the whole page, "Choose all that match the filter", the actions for what is chosen,
// the question before an action that cannot be undone, the outcome announced, a failure with
// Try again. The list's page gives the actions, its rows and what one request does.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom, InspectionEvent } from 'xstate';
import { bulkSelectionMachine, type BulkOutcome, type BulkQuestion, type BulkSelectionInput, type BulkTarget } from '../../machines/shared/bulk-selection.machine.ts';
import { fieldIds, TextAreaField } from './form-fields/index.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { useConsolePageEvents } from './use-console-page-events.ts';
import './action-button.css';
import './bulk-selection.css';

export type BulkSelectionRef = ActorRefFrom<typeof bulkSelectionMachine>;

/** One action the list offers on what is chosen. */
export interface BulkActionChoice {
  action: string;
  /** The button's words ("Mark as read"). */
  label: string;
  /** What was done, for the outcome ("marked as read"). */
  done: string;
  /** Asked first, for an action that cannot be undone ("Delete them? This cannot be undone."). */
  confirm?: string;
  /** Asked with a note, for an action that records why (an unsubscribe at the person's request). */
  note?: BulkNoteQuestion;
}

/** The note an action asks for: the question above it, the field's label and hint, its longest length, and what a blank note is told. */
export interface BulkNoteQuestion {
  question: string;
  label: string;
  hint: string;
  max: number;
  missing: string;
}

/** What an action asks before it is applied. */
const questionOf = (choice: BulkActionChoice): BulkQuestion => (choice.note ? 'note' : choice.confirm ? 'confirm' : 'nothing');

/** A noun for the rows, one and many ("message", "messages"). */
export interface BulkNoun {
  one: string;
  many: string;
}

const NOTE_FORM_ID = 'bulk-note';

const counted = (count: number, noun: BulkNoun) => `${count} ${count === 1 ? noun.one : noun.many}`;

/** The outcome in words: how many, what was done, and how many already were. */
export function outcomeText(outcome: BulkOutcome, actions: readonly BulkActionChoice[], noun: BulkNoun): string {
  const done = actions.find((choice) => choice.action === outcome.action)?.done ?? outcome.action;
  if (outcome.selected === 0) return `No ${noun.many} matched: nothing was changed.`;
  if (outcome.changed === outcome.selected) return `${counted(outcome.selected, noun)} ${done}.`;
  const unchanged = outcome.selected - outcome.changed;
  return `${outcome.changed} of ${counted(outcome.selected, noun)} ${done}; ${unchanged} already ${unchanged === 1 ? 'was' : 'were'}.`;
}

export interface UseBulkSelectionOptions {
  apply: BulkSelectionInput['apply'];
  /** The rows shown, and which list they are (its filter and page): another list empties the selection. */
  ids: readonly string[];
  listKey: string;
  /** After an action: the list loads again. */
  onListChanged: () => void;
  onSessionEnded: () => void;
  navigate: (hash: string) => void;
  logic?: typeof bulkSelectionMachine;
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

/** The selection's actor for a list page: told of each page shown, telling the page when its list changed. */
export function useBulkSelection({ apply, ids, listKey, onListChanged, onSessionEnded, navigate, logic = bulkSelectionMachine, inspect }: UseBulkSelectionOptions): BulkSelectionRef {
  const actorRef = useActorRef(logic, { input: { apply, ids: [...ids], listKey }, inspect: inspectWith(inspect) });
  // The machine starts with the rows of the first render; each later change is told once.
  const shown = ids.join(',');
  const told = useRef(`${listKey}|${shown}`);
  useEffect(() => {
    if (told.current === `${listKey}|${shown}`) return;
    told.current = `${listKey}|${shown}`;
    actorRef.send({ type: 'page.shown', ids: shown === '' ? [] : shown.split(','), key: listKey });
  }, [actorRef, shown, listKey]);
  useEffect(() => {
    const subscription = actorRef.on('list.changed', () => onListChanged());
    return () => subscription.unsubscribe();
  }, [actorRef, onListChanged]);
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });
  return actorRef;
}

/** The box that chooses one row. */
export function ChooseRowBox({ actorRef, id, label, frozen = false }: { actorRef: BulkSelectionRef; id: string; label: string; frozen?: boolean }) {
  const chosen = useSelector(actorRef, (snapshot) => snapshot.matches({ choosing: 'matching' }) || snapshot.context.chosen.includes(id));
  const settled = useSelector(actorRef, (snapshot) => snapshot.matches('choosing'));
  return (
    <input
      type="checkbox"
      className="bulk-choose"
      checked={chosen}
      disabled={!settled || frozen}
      aria-label={label}
      onChange={() => actorRef.send({ type: 'choose.toggle', id })}
    />
  );
}

export interface BulkToolbarProps {
  actorRef: BulkSelectionRef;
  actions: readonly BulkActionChoice[];
  noun: BulkNoun;
  /** How many rows the list's filter holds across its pages, where known. */
  matchingCount: number | null;
  /** The export of what is chosen (a download link), where the person may export. */
  exportHref?: ((target: BulkTarget) => string) | undefined;
  /** The list is loading: every control waits. */
  frozen?: boolean;
}

/** The page's box, what is chosen, the actions, the question, the outcome. */
export function BulkToolbar({ actorRef, actions, noun, matchingCount, exportHref, frozen = false }: BulkToolbarProps) {
  const snapshot = useSelector(actorRef, (current) => current);
  const { context } = snapshot;
  const matching = snapshot.matches({ choosing: 'matching' });
  const some = snapshot.matches({ choosing: 'some' });
  const settled = snapshot.matches('choosing');
  const wholePage = matching || (context.shown.length > 0 && context.shown.every((id) => context.chosen.includes(id)));
  const target: BulkTarget = matching ? { matching: true, list: context.listKey } : { ids: context.chosen };
  const chosenText = matching
    ? `Every ${noun.one} that matches the filter${matchingCount === null ? '' : ` (${matchingCount})`} is chosen, on every page.`
    : `${counted(context.chosen.length, noun)} chosen.`;
  const status = snapshot.hasTag('busy')
    ? 'Working…'
    : context.outcome !== null && snapshot.matches({ choosing: 'none' })
      ? outcomeText(context.outcome, actions, noun)
      : '';
  const confirming = actions.find((choice) => choice.action === context.action);

  return (
    // Frozen while the list loads another page or filter: nothing is chosen from rows on their way out.
    <fieldset className="bulk-toolbar" aria-label={`Act on several ${noun.many}`} disabled={frozen}>
      <label className="bulk-toolbar__page">
        <input
          type="checkbox"
          className="bulk-choose"
          checked={wholePage}
          disabled={!settled || context.shown.length === 0}
          onChange={() => actorRef.send({ type: 'choose.page' })}
        />
        Choose every {noun.one} on this page
      </label>
      {snapshot.hasTag('chosen') && settled ? (
        <div className="bulk-toolbar__chosen">
          <p className="bulk-toolbar__count">{chosenText}</p>
          {some && wholePage && (matchingCount === null || matchingCount > context.shown.length) ? (
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'choose.matching' })}>
              Choose every {noun.one} that matches the filter{matchingCount === null ? '' : ` (${matchingCount})`}
            </button>
          ) : null}
          <div className="bulk-toolbar__actions">
            {actions.map((choice) => (
              <button
                key={choice.action}
                type="button"
                className={`action-button${choice.confirm ? ' action-button--danger' : ' action-button--secondary'}`}
                onClick={() => actorRef.send({ type: 'action.start', action: choice.action, ask: questionOf(choice), ...(choice.note ? { noteMax: choice.note.max } : {}) })}
              >
                {choice.label}
              </button>
            ))}
            {exportHref ? (
              <a className="action-button action-button--secondary" href={exportHref(target)} download>
                Export the chosen {noun.many} (CSV)
              </a>
            ) : null}
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'choose.none' })}>
              Choose none
            </button>
          </div>
        </div>
      ) : null}
      {snapshot.matches('confirming') ? (
        <div className="bulk-toolbar__confirm" role="alert">
          <p>
            {'ids' in context.target ? counted(context.target.ids.length, noun) : `Every ${noun.one} that matches the filter${matchingCount === null ? '' : ` (${matchingCount})`}`}: {confirming?.confirm}
          </p>
          <button type="button" className="action-button action-button--danger" onClick={() => actorRef.send({ type: 'action.confirm' })}>
            {confirming?.label}
          </button>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'action.cancel' })}>
            Cancel
          </button>
        </div>
      ) : null}
      {snapshot.matches('noting') && confirming?.note ? (
        <form
          className="bulk-toolbar__note"
          aria-labelledby="bulk-note-question"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send({ type: 'action.confirm' });
            // Refused: the focus goes to the note, whose label, hint and error are then read out.
            if (actorRef.getSnapshot().matches('noting')) document.getElementById(fieldIds(NOTE_FORM_ID, 'note').control)?.focus();
          }}
        >
          <p id="bulk-note-question">
            {'ids' in context.target ? counted(context.target.ids.length, noun) : `Every ${noun.one} that matches the filter${matchingCount === null ? '' : ` (${matchingCount})`}`}: {confirming.note.question}
          </p>
          <TextAreaField
            formId={NOTE_FORM_ID}
            name="note"
            label={confirming.note.label}
            hint={confirming.note.hint}
            required
            rows={3}
            value={context.note}
            error={snapshot.matches({ noting: 'missing' }) ? confirming.note.missing : snapshot.matches({ noting: 'tooLong' }) ? `Shorten the note to at most ${confirming.note.max} characters (it has ${context.note.length}).` : undefined}
            onChange={(value) => actorRef.send({ type: 'note.change', value })}
          />
          <div className="bulk-toolbar__actions">
            <button type="submit" className="action-button action-button--danger">
              {confirming.label}
            </button>
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'action.cancel' })}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {snapshot.matches('failed') ? (
        <div className="bulk-toolbar__problem" role="alert">
          <p>
            {confirming?.label ?? 'The action'} did not work: {context.problem}
          </p>
          <button type="button" className="action-button" onClick={() => actorRef.send({ type: 'action.retry' })}>
            Try again
          </button>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'problem.dismiss' })}>
            Back to the choice
          </button>
        </div>
      ) : null}
      <p className="bulk-toolbar__status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </p>
    </fieldset>
  );
}
