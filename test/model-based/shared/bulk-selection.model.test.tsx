// bulkSelection, walked through the real <BulkToolbar> and the rows' boxes along every edge of
// the production machine's graph: rows chosen one by one and by page, every row that matches the
// filter, the page shown again with some of the chosen rows gone, another page or filter, an
// action applied (its outcome announced, the list told to load again), an action that cannot be
// undone asked first and cancelled or confirmed, one that records why asked with its note (a
// blank note and one over its length refused beside the field), a failure with Try again and
// Back, a signed-out answer; and another list shown while an action is asked, applied or has
// failed (the question dropped; the action still on what it was asked of).
import { act, fireEvent, screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { bulkSelectionMachine, type BulkOutcome } from '../../../src/machines/shared/bulk-selection.machine.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { BulkToolbar, ChooseRowBox, outcomeText, useBulkSelection, type BulkActionChoice } from '../../../src/views/shared/bulk-selection.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof bulkSelectionMachine>;

const NOUN = { one: 'message', many: 'messages' };
const ACTIONS: BulkActionChoice[] = [
  { action: 'read', label: 'Mark as read', done: 'marked as read' },
  { action: 'delete', label: 'Delete', done: 'deleted', confirm: 'delete them? This cannot be undone.' },
  { action: 'unsubscribe', label: 'Unsubscribe', done: 'unsubscribed', note: { question: 'unsubscribe them at their request?', label: 'Note', hint: 'How and when they asked.', max: 20, missing: 'Write why they are unsubscribed.' } },
];
const NOTES = { blank: '   ', written: 'Asked by phone', long: 'Asked by phone on Monday' };
/** The note as the guards see it: blank, written, or over its 20 characters. */
const noteClass = (note: string) => (note.trim() === '' ? 'blank' : note.length > 20 ? 'long' : 'written');
const FIRST = { ids: ['1', '2'], key: 'inbox' };
const DONE: BulkOutcome = { action: 'read', selected: 2, changed: 1 };
const UNREACHABLE = new ConsoleApiError('fetch_error', 'The server could not be reached.', 0);
const SIGNED_OUT = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'The session has ended.', 401);
vi.spyOn(console, 'error').mockImplementation(() => {});

const onListChanged = vi.fn();
const onSessionEnded = vi.fn();
let show: (list: { ids: string[]; key: string }) => void = () => undefined;

function List({ logic, inspect }: { logic: typeof bulkSelectionMachine; inspect: Parameters<typeof useBulkSelection>[0]['inspect'] }) {
  const [list, setList] = useState(FIRST);
  show = setList;
  const changed = useCallback(() => onListChanged(), []);
  const actorRef = useBulkSelection({ apply: () => Promise.reject(new Error('faked')), ids: list.ids, listKey: list.key, onListChanged: changed, onSessionEnded, navigate: () => undefined, logic, inspect });
  return (
    <>
      <BulkToolbar actorRef={actorRef} actions={ACTIONS} noun={NOUN} matchingCount={12} exportHref={(target) => ('ids' in target ? `/export?ids=${target.ids.join(',')}` : '/export')} />
      <ul>
        {list.ids.map((id) => (
          <li key={id}>
            <ChooseRowBox actorRef={actorRef} id={id} label={`Choose message ${id}`} />
          </li>
        ))}
      </ul>
    </>
  );
}

const box = (id: string) => screen.getByRole('checkbox', { name: `Choose message ${id}` });
const pageBox = () => screen.getByRole('checkbox', { name: 'Choose every message on this page' });
const button = (name: string) => screen.queryByRole('button', { name });
const status = () => screen.getByRole('status');

/** What an asked action is on, as its question says it. */
const whatItIsOn = (snapshot: Snapshot) => {
  const { target } = snapshot.context;
  if ('list' in target) return 'Every message that matches the filter (12)';
  return `${target.ids.length} ${target.ids.length === 1 ? 'message' : 'messages'}`;
};

/** The boxes show what is chosen, and the toolbar says how many. */
function expectChosen(snapshot: Snapshot) {
  const { chosen, shown } = snapshot.context;
  const matching = snapshot.matches({ choosing: 'matching' });
  for (const id of shown) expect(box(id)).toHaveProperty('checked', matching || chosen.includes(id));
  expect(pageBox()).toHaveProperty('checked', matching || (shown.length > 0 && shown.every((id) => chosen.includes(id))));
}

describeModel({
  machine: bulkSelectionMachine,
  input: { apply: () => Promise.reject(new Error('faked')), ids: FIRST.ids, listKey: FIRST.key },
  eventSamples: [
    { type: 'choose.toggle', id: '1' },
    { type: 'choose.toggle', id: '2' },
    { type: 'choose.toggle', id: '3' },
    // The same list again with message 1 gone (one arrived, one was deleted elsewhere)…
    { type: 'page.shown', ids: ['2', '3'], key: 'inbox' },
    // …with none of the chosen left…
    { type: 'page.shown', ids: ['3'], key: 'inbox' },
    // …and another filter or page.
    { type: 'page.shown', ids: ['1', '2'], key: 'spam' },
    { type: 'action.start', action: 'read', ask: 'nothing' },
    { type: 'action.start', action: 'delete', ask: 'confirm' },
    { type: 'action.start', action: 'unsubscribe', ask: 'note', noteMax: 20 },
    ...Object.values(NOTES).map((value) => ({ type: 'note.change' as const, value })),
    { type: 'xstate.done.actor.applyBulk', output: DONE },
    { type: 'xstate.error.actor.applyBulk', error: UNREACHABLE },
    { type: 'xstate.error.actor.applyBulk', error: SIGNED_OUT },
  ],
  fakes: { applyBulk: () => fakePromiseActor() },
  // The action matters while it is asked, applied or failed; the outcome where it is announced.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      chosen: snapshot.context.chosen,
      shown: snapshot.context.shown,
      key: snapshot.context.listKey,
      action: snapshot.matches('choosing') ? '' : snapshot.context.action,
      note: snapshot.matches('choosing') ? '' : noteClass(snapshot.context.note),
      outcome: snapshot.matches({ choosing: 'none' }) && snapshot.context.outcome !== null,
    }),
  // A row is chosen where it is shown; the list goes back to its first page only from `spam`, to keep the walk finite.
  filterEvents: (snapshot, event) => {
    if (event.type === 'choose.toggle') return snapshot.context.shown.includes(event.id);
    // "Every message that matches" is offered once the whole page is chosen (the machine's guard too).
    if (event.type === 'choose.matching') return snapshot.context.shown.every((id) => snapshot.context.chosen.includes(id));
    // A page shown again is another list, or the same list with other rows (the same rows again render nothing new).
    // A note written differently as the guards see it (blank, written, too long).
    if (event.type === 'note.change') return noteClass(event.value) !== noteClass(snapshot.context.note);
    if (event.type === 'page.shown') return snapshot.context.listKey === 'inbox' && (event.key !== 'inbox' || event.ids.join() !== snapshot.context.shown.join());
    return true;
  },
  setup: () => {
    onListChanged.mockClear();
    onSessionEnded.mockClear();
  },
  render: ({ logic, inspect }) => <List logic={logic} inspect={inspect} />,
  events: {
    'choose.toggle': ({ event, user }) => user.click(box((event as { id: string }).id)),
    'choose.page': ({ user }) => user.click(pageBox()),
    'choose.matching': ({ user }) => user.click(button('Choose every message that matches the filter (12)')!),
    'choose.none': ({ user }) => user.click(button('Choose none')!),
    'page.shown': ({ event }) => act(() => show({ ids: (event as { ids: string[] }).ids, key: (event as { key: string }).key })),
    'action.start': ({ event, user }) => user.click(button({ read: 'Mark as read', delete: 'Delete', unsubscribe: 'Unsubscribe' }[(event as { action: string }).action]!)!),
    'action.confirm': ({ user, from }) => user.click(button(from.context.action === 'delete' ? 'Delete' : 'Unsubscribe')!),
    'note.change': ({ event }) => {
      fireEvent.change(screen.getByRole('textbox', { name: /^Note/ }), { target: { value: (event as { value: string }).value } });
    },
    'action.cancel': ({ user }) => user.click(button('Cancel')!),
    'action.retry': ({ user }) => user.click(button('Try again')!),
    'problem.dismiss': ({ user }) => user.click(button('Back to the choice')!),
  },
  effects: {
    // One request: the chosen rows by id, or every row of the filter; done, the list loads again.
    applyBulk: ({ input, from, event }) => {
      expect(input.action).toBe(from.context.action);
      expect(input.target).toEqual(from.context.target);
      expect(input.note).toBe(from.context.note);
      if (event.type === 'xstate.done.actor.applyBulk') expect(onListChanged).toHaveBeenCalledTimes(1);
      else expect(onListChanged).not.toHaveBeenCalled();
    },
  },
  states: {
    'choosing.none': ({ snapshot }) => {
      expectChosen(snapshot);
      expect(button('Mark as read')).toBeNull();
      expect(status()).toHaveTextContent(snapshot.context.outcome === null ? /^$/ : outcomeText(snapshot.context.outcome, ACTIONS, NOUN));
      if (snapshot.context.outcome !== null) expect(status()).toHaveTextContent('1 of 2 messages marked as read; 1 already was.');
    },
    'choosing.some': ({ snapshot }) => {
      expectChosen(snapshot);
      const count = snapshot.context.chosen.length;
      expect(screen.getByText(`${count} ${count === 1 ? 'message' : 'messages'} chosen.`)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Export the chosen messages (CSV)' })).toHaveAttribute('href', `/export?ids=${snapshot.context.chosen.join(',')}`);
      // "Every message that matches" is offered once the whole page is chosen.
      const whole = snapshot.context.shown.every((id) => snapshot.context.chosen.includes(id));
      expect(button('Choose every message that matches the filter (12)') !== null).toBe(whole);
    },
    'choosing.matching': ({ snapshot }) => {
      expectChosen(snapshot);
      expect(screen.getByText('Every message that matches the filter (12) is chosen, on every page.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Export the chosen messages (CSV)' })).toHaveAttribute('href', '/export');
    },
    'noting.writing': ({ snapshot }) => {
      expect(screen.getByRole('form', { name: /unsubscribe them at their request\?$/ })).toHaveTextContent(`${whatItIsOn(snapshot)}: unsubscribe them`);
      expect(screen.getByRole('textbox', { name: /^Note/ })).toHaveValue(snapshot.context.note);
      expect(screen.getByRole('textbox', { name: /^Note/ })).toHaveAttribute('aria-invalid', 'false');
      for (const id of snapshot.context.shown) expect(box(id)).toBeDisabled();
    },
    'noting.missing': () => {
      const note = screen.getByRole('textbox', { name: /^Note/ });
      expect(note).toHaveAttribute('aria-invalid', 'true');
      expect(note).toHaveAccessibleDescription(/Write why they are unsubscribed\./);
      expect(note).toHaveFocus();
    },
    'noting.tooLong': ({ snapshot }) => {
      const note = screen.getByRole('textbox', { name: /^Note/ });
      expect(note).toHaveAttribute('aria-invalid', 'true');
      expect(note).toHaveAccessibleDescription(new RegExp(`Shorten the note to at most 20 characters \\(it has ${snapshot.context.note.length}\\)\\.`));
      expect(note).toHaveFocus();
    },
    confirming: ({ snapshot }) => {
      // The question names what the action is on: the rows chosen, or every one that matches.
      expect(screen.getByRole('alert')).toHaveTextContent(`${whatItIsOn(snapshot)}: delete them? This cannot be undone.`);
      for (const id of snapshot.context.shown) expect(box(id)).toBeDisabled();
    },
    applying: ({ fakes, snapshot }) => {
      expect((fakes.applyBulk as FakePromiseActor).pending).toBeDefined();
      expect(status()).toHaveTextContent('Working…');
      for (const id of snapshot.context.shown) expect(box(id)).toBeDisabled();
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent('did not work: The server could not be reached.');
      expect(button('Try again')).toBeEnabled();
    },
    signedOut: () => expect(onSessionEnded).toHaveBeenCalledTimes(1),
  },
});
