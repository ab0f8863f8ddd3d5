// contentRevisions, walked through the real <ContentRevisionsPage> (the hero's revisions) along
// every edge of the production machine's graph: the list, newest first, the live one marked;
// "Compare with the previous" (the heading that changed, field by field), failed; restore with
// its confirmation, cancelled, done (the list again, saying which revision is live), failed, or
// in conflict (show the revisions again, or restore over theirs); a list that could not be
// loaded; a document that is gone; a signed-out answer.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { contentRevisionsMachine } from '../../../src/machines/content-editor/content-revisions.machine.ts';
import { formatConsoleTime } from '../../../src/services/shared/console-time.ts';
import type { DocumentAnswer, PublishAnswer, RevisionListAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { ContentRevisionsPage } from '../../../src/views/content-editor/content-revisions-page.view.tsx';
import { consolePageProps, TEST_TIME_ZONE } from '../../support/console-page.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor, type StateAssertion } from '../harness/index.ts';
import { CONFLICT, content, HERO, REVISIONS, SIGNED_OUT, UNKNOWN, UNREACHABLE } from './content-fixtures.ts';
import { REPOSITORY_REVISION } from '../../../src/views/content-editor/content-texts.tsx';

type Machine = typeof contentRevisionsMachine;
type Snapshot = SnapshotFrom<Machine>;

const OLD_HEADING = 'Big screens, built to last';
const REVISION_4: DocumentAnswer = Object.defineProperty({ ...HERO, revision: 4, number: 2, note: null, document: { ...content.hero, heading: OLD_HEADING } }, 'toJSON', { value: () => 'revision 4', enumerable: false });
const PAIR = Object.defineProperty({ revision: HERO, previous: REVISION_4 }, 'toJSON', { value: () => 'revisions 7 and 4', enumerable: false });
/** The selected revision's number within the document: what the page calls it (the selection is its key). */
const numberOf = (snapshot: { context: { revisions: RevisionListAnswer['revisions']; selected: number | null } }) => snapshot.context.revisions.find((item) => item.revision === snapshot.context.selected)?.number;
const RESTORED: PublishAnswer = { revision: 10, number: 4, publishedAt: '2026-03-02T10:00:00.000Z' };
const AFTER_RESTORE: RevisionListAnswer = {
  revisions: [{ revision: 10, number: 4, publishedAt: RESTORED.publishedAt, publishedBy: { id: 1, name: 'Owner' }, note: 'Restored revision 2', live: true }, ...REVISIONS.revisions.map((item) => ({ ...item, live: false }))],
};

let props = consolePageProps();
const fake = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, Record<string, unknown>>;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const status = () => document.querySelector<HTMLElement>('.content-page__status')!;

const expectList = (snapshot: Snapshot) => {
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Revisions: Home: hero');
  const items = screen.getAllByRole('listitem');
  expect(items).toHaveLength(snapshot.context.revisions.length);
  const live = snapshot.context.revisions.find((item) => item.live)!;
  const liveItem = items[snapshot.context.revisions.indexOf(live)]!;
  expect(liveItem).toHaveTextContent(`Revision ${live.number}, published ${formatConsoleTime(live.publishedAt!, TEST_TIME_ZONE)}`);
  expect(liveItem).toHaveTextContent('(live)');
  expect(within(liveItem).queryByRole('button', { name: /^Restore/ })).toBeNull();
  expect(items.at(-1)).toHaveTextContent(REPOSITORY_REVISION);
  expect(within(items.at(-1)!).queryByRole('button', { name: /^Compare/ })).toBeNull();
  expect(screen.getByRole('link', { name: 'Edit Home: hero' })).toHaveAttribute('href', '#/content/hero');
};

const states: Record<string, StateAssertion<Machine>> = {
  loading: ({ fakes }) => {
    expect(screen.getByRole('status')).toHaveTextContent('Loading the revisions…');
    expect(fake(fakes, 'fetchRevisions').pending?.input).toMatchObject({ name: 'hero' });
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`The revisions could not be loaded. ${UNREACHABLE.message}`);
  },
  missing: () => {
    expect(screen.getByText('There is no such document.')).toBeVisible();
  },
  signedOut: () => {
    expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
  },
  restored: ({ fakes }) => {
    expect(screen.getByRole('status')).toHaveTextContent('Loading the revisions…');
    expect(fake(fakes, 'fetchRevisions').pending).toBeDefined();
  },
  'listed.idle': ({ snapshot }) => {
    expectList(snapshot);
    expect(status()).toBeEmptyDOMElement();
  },
  'listed.restored': ({ snapshot }) => {
    expectList(snapshot);
    expect(status()).toHaveTextContent(`Revision ${numberOf(snapshot)} is live again, as revision 4.`);
    expect(status()).toHaveFocus();
  },
  'listed.comparing': ({ snapshot, fakes }) => {
    expectList(snapshot);
    expect(status()).toHaveTextContent(`Loading revision ${numberOf(snapshot)} and the one before it…`);
    expect(fake(fakes, 'fetchRevisionPair').pending?.input).toMatchObject({ revision: 7, previous: 4 });
  },
  'listed.compared': () => {
    const comparison = screen.getByRole('region', { name: 'Revision 3 compared with revision 2' });
    const rows = within(comparison).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent(`HeadingChanged${OLD_HEADING}${content.hero.heading}`);
    expect(status()).toHaveFocus();
  },
  'listed.failed': () => {
    expect(status()).toHaveTextContent(`That did not work. ${UNREACHABLE.message}`);
    expect(status()).toHaveFocus();
  },
  'listed.confirming': ({ snapshot }) => {
    const group = screen.getByRole('group', { name: `Make revision ${numberOf(snapshot)} live again? It is published as a new revision; the current one stays in the list.` });
    expect(within(group).getByRole('button', { name: `Restore revision ${numberOf(snapshot)}` })).toHaveFocus();
  },
  'listed.restoring': ({ snapshot, fakes }) => {
    expect(button('Restoring…')).toHaveAttribute('aria-disabled', 'true');
    expect(fake(fakes, 'restoreRevision').pending?.input).toMatchObject({ revision: snapshot.context.selected, baseRevision: snapshot.context.baseRevision });
  },
  'listed.conflict': () => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`Revision 4, published ${formatConsoleTime('2026-03-02T09:00:00.000Z', TEST_TIME_ZONE)} by Sipho Dlamini`);
    expect(within(alert).getByRole('button', { name: 'Show the revisions again' })).toBeVisible();
    expect(status()).toHaveFocus();
  },
};

describeModel({
  machine: contentRevisionsMachine,
  input: { api: props.api, name: 'hero' },
  eventSamples: [
    { type: 'xstate.done.actor.fetchRevisions', output: REVISIONS },
    { type: 'xstate.done.actor.fetchRevisions', output: AFTER_RESTORE },
    ...[UNREACHABLE, UNKNOWN, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.fetchRevisions' as const, error })),
    { type: 'compare.open', revision: 7 },
    { type: 'restore.start', revision: 4 },
    { type: 'xstate.done.actor.fetchRevisionPair', output: PAIR },
    ...[UNREACHABLE, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.fetchRevisionPair' as const, error })),
    { type: 'xstate.done.actor.restoreRevision', output: RESTORED },
    ...[UNREACHABLE, CONFLICT, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.restoreRevision' as const, error })),
  ],
  fakes: { fetchRevisions: () => fakePromiseActor(), fetchRevisionPair: () => fakePromiseActor(), restoreRevision: () => fakePromiseActor() },
  serializeState: (snapshot) => {
    const { revisions, selected, baseRevision, conflict, restored, problem } = snapshot.context;
    return JSON.stringify({ value: snapshot.value, revisions: revisions.length, selected, baseRevision, conflict: conflict !== null, restored: restored !== null, problem: problem !== '' });
  },
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    if (!snapshot.can(event)) return false;
    const restoredOnce = context.restored !== null;
    // The list after a restore comes from the restored state; the first list is the repository's three.
    if (event.type.endsWith('done.actor.fetchRevisions')) return ((event as { output?: unknown }).output === AFTER_RESTORE) === snapshot.matches('restored');
    if (snapshot.matches('loading')) return context.problem === '' || event.type.startsWith('xstate.done');
    // After a restore: the list's failure, or one step from the new list.
    if (snapshot.matches('restored')) return !('error' in event) || (event as { error?: unknown }).error !== UNKNOWN;
    if (restoredOnce) return snapshot.matches({ listed: 'restored' });
    if (context.baseRevision === 9) return ['restore.confirm', 'xstate.done.actor.restoreRevision'].includes(event.type);
    if (event.type.startsWith('xstate.error') && context.problem !== '') return false;
    return true;
  },
  render: ({ logic, inspect }) => {
    props = consolePageProps();
    return <ContentRevisionsPage {...props} documentName="hero" logic={logic} inspect={inspect} />;
  },
  events: {
    'revisions.reload': ({ user }) => user.click(button('Try again')),
    'compare.open': ({ user }) => user.click(button('Compare with the previous (revision 3)')),
    'compare.close': ({ user }) => user.click(button('Close the comparison')),
    'restore.start': ({ user }) => user.click(button('Restore revision 2')),
    'restore.confirm': ({ user }) => user.click(screen.getAllByRole('button', { name: 'Restore revision 2' })[0]!),
    'restore.cancel': ({ user }) => user.click(button('Cancel')),
    'conflict.loadTheirs': ({ user }) => user.click(button('Show the revisions again')),
    'conflict.keepMine': ({ user }) => user.click(button('Restore revision 2 over theirs')),
  },
  states,
});
