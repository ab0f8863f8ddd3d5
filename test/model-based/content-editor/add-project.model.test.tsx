// addProject, walked through the real <AddProjectPage> along every edge of the production
// machine's graph: the live grid loaded (or not: failed, retried; signed out); a form that starts
// with every field filled but the project's name, so a name typed makes it addable and a name
// cleared makes it the empty form again; Add on a form with problems (each beside its field and in
// the summary, following every change), Add refused by the server (its problems shown as the
// form's), failed and tried again or left, added (the page's address, and "Add another"); leaving
// with the form filled asks first (the real guardUnsaved holds the console link back). The page
// address starts empty and follows the name typed until the person writes one of their own; the
// problems are said in the field's terms (problem-messages.ts), never the validator's text.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { TEXT_MAX, textMaxText } from '../../../content/content-limits.ts';
import { addProjectMachine, type AddProjectEvent } from '../../../src/machines/content-editor/add-project.machine.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONTENT_ERROR, type AddProjectAnswer, type ScheduledChange } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { PUBLISH_AT_MESSAGES } from '../../../src/validation/content-editor/publish-at.ts';
import { formatConsoleTime } from '../../../src/services/shared/console-time.ts';
import type { ProjectsNow } from '../../../src/validation/content-editor/new-project.ts';
import { AddProjectPage } from '../../../src/views/content-editor/add-project-page.view.tsx';
import { BuiltPictureChoice } from '../../support/picture-choice.tsx';
import { consolePageProps, TEST_TIME_ZONE } from '../../support/console-page.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor, type StateAssertion } from '../harness/index.ts';
import { content, SCHEDULED_HERO, SIGNED_OUT, UNREACHABLE } from './content-fixtures.ts';

// A path renders the whole form (some 30 fields) at every step.
vi.setConfig({ testTimeout: 20_000 });

type Machine = typeof addProjectMachine;
type Snapshot = SnapshotFrom<Machine>;

/** Short in a test's name: the model names each path by its events' JSON. */
const named = <T extends object>(value: T, name: string): T => Object.defineProperty(value, 'toJSON', { value: () => name, enumerable: false });

const LIVE: ProjectsNow = named({ projects: content.projects, projectPages: content.projectPages }, 'the live grid');
const FIRST = content.projects.items[0]!;
/** The form as it starts in this test: a whole project but for its name and its address. */
const BLANK = {
  card: { ...FIRST, id: '', name: '' },
  page: { ...content.projectPages.projects[FIRST.id]!, title: 'Harbour Lights promenade screens | Lumina' },
};
const NAME = 'Harbour Lights promenade screens';
const OTHER_NAME = 'Harbour Lights screens';
const BAD_ID = 'Harbour Lights';
const BLANK_MESSAGE = 'Write something here: it cannot be left empty.';
const SLUG_MESSAGE = 'Use lower-case letters, digits and hyphens, like menlyn-atrium-2026.';
/** The address each name suggests (while the person has not written their own). */
const SUGGESTED: Record<string, string> = { '': '', [NAME]: 'harbour-lights-promenade-screens', [OTHER_NAME]: 'harbour-lights-screens' };
const ADDED: AddProjectAnswer = { revision: 12, publishedAt: '2026-03-02T08:00:00.000Z', path: '/projects/harbour-lights/' };
/** "Or add it at": 06:00 on Christmas Eve on the company's clock (TEST_TIME_ZONE). */
const ADD_AT = '2026-12-24T06:00';
const SCHEDULED: ScheduledChange = { ...SCHEDULED_HERO, id: 6, kind: 'project', name: 'projects', title: 'Projects: cards and categories', note: '', createdAt: '2026-03-02T08:00:00.000Z' };
const TIME_REFUSED = new ConsoleApiError(CONSOLE_REFUSAL.invalidBody, PUBLISH_AT_MESSAGES.past, 400, 'publishAt');
const addAtField = () => screen.getByLabelText('Or add it at (optional)');
const SERVER_INVALID = new ConsoleApiError(CONTENT_ERROR.invalidDocument, 'The document is not valid.', 400, undefined, {
  status: 400,
  problems: [{ path: 'page.gallery[0].key', message: 'No picture "gone-picture" in the library' }],
});

const named$ = (value: string): AddProjectEvent => ({ type: 'draft.edit', edit: { op: 'set', path: ['card', 'name'], value } });
const idSet = (value: string): AddProjectEvent => ({ type: 'draft.edit', edit: { op: 'set', path: ['card', 'id'], value } });

let props = consolePageProps();
const fake = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, Record<string, unknown>>;
const button = (name: string) => screen.getByRole('button', { name });
const nameField = () => screen.getAllByRole('textbox', { name: 'Name' })[0]!;
const draftName = (snapshot: Snapshot) => (snapshot.context.draft as { card: { name: string } }).card.name;
const draftId = (snapshot: Snapshot) => (snapshot.context.draft as { card: { id: string } }).card.id;
const idField = () => screen.getByRole('textbox', { name: 'Page address' });
let currentFakes: Record<string, unknown> = {};

const expectForm = (snapshot: Snapshot, editable: boolean) => {
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Add a project');
  expect(nameField()).toHaveValue(draftName(snapshot));
  expect(idField()).toHaveValue(draftId(snapshot));
  // The address follows the name until the person writes one of their own.
  expect(draftId(snapshot)).toBe(draftId(snapshot) === BAD_ID ? BAD_ID : SUGGESTED[draftName(snapshot)]);
  // The category is chosen from the live grid's.
  const category = screen.getByRole('combobox', { name: 'Category' });
  expect(within(category).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(expect.arrayContaining(content.projects.categories.map((item) => item.id)));
  // What the select shows is what is sent.
  expect(category).toHaveValue((snapshot.context.draft as { card: { category: string } }).card.category);
  expect(document.querySelector('.content-form__fields')).toHaveProperty('disabled', !editable);
  expect(screen.queryByRole('button', { name: 'Add the project' }) !== null).toBe(editable);
};
const expectNoProblems = () => {
  expect(nameField()).toHaveAttribute('aria-invalid', 'false');
  expect(document.querySelector('.error-summary')).toHaveAttribute('hidden');
};

const states: Record<string, StateAssertion<Machine>> = {
  loading: ({ fakes }) => {
    currentFakes = fakes;
    expect(screen.getByRole('status')).toHaveTextContent('Loading the projects…');
    expect(fake(fakes, 'fetchProjectsNow').pending).toBeDefined();
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`The projects could not be loaded. ${UNREACHABLE.message}`);
  },
  signedOut: () => expect(props.onSessionEnded).toHaveBeenCalledTimes(1),
  left: () => expect(props.navigate).toHaveBeenCalledWith('#/content'),
  added: ({ snapshot }) => {
    const status = screen.getByText(/^Added\./);
    expect(status).toHaveTextContent('Added. Its page, its card in the grid and the grid’s filter are live on the site within seconds');
    expect(within(status).getByRole('link', { name: '/projects/harbour-lights/' })).toHaveAttribute('href', '/projects/harbour-lights/');
    expect(document.activeElement).toBe(status.parentElement);
    expect(fake(currentFakes, 'addProject').instances.at(-1)?.input).toMatchObject({ project: { card: { name: draftName(snapshot) } } });
  },
  'editing.clean': ({ snapshot }) => {
    expectForm(snapshot, true);
    expect(draftName(snapshot)).toBe('');
    expectNoProblems();
  },
  'editing.changed.dirty': ({ snapshot }) => {
    expectForm(snapshot, true);
    expectNoProblems();
  },
  'editing.changed.invalid': ({ snapshot }) => {
    expectForm(snapshot, true);
    const summary = document.querySelector<HTMLElement>('.error-summary')!;
    expect(summary).not.toHaveAttribute('hidden');
    for (const problem of snapshot.context.problems) expect(within(summary).getByRole('link', { name: (name) => name.includes(problem.message) })).toBeVisible();
    const paths = snapshot.context.problems.map((problem) => problem.path);
    // Each text field says its maximum (content/content-limits.ts), then its error.
    if (paths.includes('card.name')) expect(nameField()).toHaveAccessibleDescription(`${textMaxText(TEXT_MAX)} Error: ${BLANK_MESSAGE}`);
    if (paths.includes('card.id')) expect(idField()).toHaveAccessibleDescription(`${textMaxText(TEXT_MAX)} Called “id” in the content files. Error: ${SLUG_MESSAGE}`);
    // Every problem is a sentence of the message table, never the validator's own text.
    for (const problem of snapshot.context.problems) expect(problem.message).not.toMatch(/Expected|`/);
    // The server's problem, beside the gallery's picture.
    if (paths.includes('page.gallery[0].key')) expect(screen.getAllByRole('combobox', { name: 'Picture' })[1]).toHaveAccessibleDescription(/No picture "gone-picture" in the library/);
    expect(paths.length).toBeGreaterThan(0);
  },
  'editing.changed.sending': ({ snapshot }) => {
    expectForm(snapshot, false);
    expect(screen.getByText('Adding the project…')).toBeVisible();
    expect(fake(currentFakes, 'addProject').pending?.input).toMatchObject({ project: { card: { name: draftName(snapshot) } }, note: '' });
  },
  'editing.changed.failed': ({ snapshot }) => {
    expectForm(snapshot, false);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`The project was not added. ${UNREACHABLE.message}`);
    expect(document.activeElement).toBe(alert.parentElement);
  },
  scheduled: () => {
    const status = screen.getByText(/^Scheduled: the project is added on /);
    expect(status).toHaveTextContent(`Scheduled: the project is added on ${formatConsoleTime(SCHEDULED.publishAt, TEST_TIME_ZONE)}. Site content lists it, and can cancel it.`);
    expect(document.activeElement).toBe(status.parentElement);
    expect(button('Add another project')).toBeVisible();
  },
  'editing.changed.timeInvalid': ({ snapshot }) => {
    expectForm(snapshot, true);
    expect([PUBLISH_AT_MESSAGES.missing, PUBLISH_AT_MESSAGES.past]).toContain(snapshot.context.timeProblem);
    expect(addAtField()).toHaveAccessibleDescription(expect.stringContaining(`Error: ${snapshot.context.timeProblem}`));
  },
  'editing.changed.scheduling': ({ snapshot }) => {
    expectForm(snapshot, false);
    expect(screen.getByText('Scheduling the project…')).toBeVisible();
    expect(fake(currentFakes, 'scheduleProject').pending?.input).toMatchObject({ project: { card: { name: draftName(snapshot) } }, publishAt: '2026-12-24T06:00:00+02:00' });
  },
  'editing.changed.scheduleFailed': ({ snapshot }) => {
    expectForm(snapshot, false);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`The project was not scheduled. ${UNREACHABLE.message}`);
    expect(document.activeElement).toBe(alert.parentElement);
  },
  'editing.changed.leaving': ({ snapshot }) => {
    expectForm(snapshot, false);
    const group = screen.getByRole('group', { name: /has not been added\. Leave without adding it/ });
    expect(within(group).getByRole('button', { name: 'Stay' })).toBeVisible();
    expect(props.navigate).not.toHaveBeenCalled();
  },
};

describeModel({
  machine: addProjectMachine,
  input: { api: props.api, blank: BLANK, timeZone: TEST_TIME_ZONE },
  eventSamples: [
    { type: 'xstate.done.actor.fetchProjectsNow', output: LIVE },
    ...[UNREACHABLE, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.fetchProjectsNow' as const, error })),
    named$(NAME),
    named$(OTHER_NAME),
    named$(''),
    idSet(BAD_ID),
    { type: 'leave.request', hash: '#/content' },
    { type: 'xstate.done.actor.addProject', output: ADDED },
    ...[UNREACHABLE, SERVER_INVALID, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.addProject' as const, error })),
    { type: 'publishAt.change', value: ADD_AT },
    { type: 'xstate.done.actor.scheduleProject', output: SCHEDULED },
    ...[UNREACHABLE, SERVER_INVALID, TIME_REFUSED, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.scheduleProject' as const, error })),
  ],
  fakes: { fetchProjectsNow: () => fakePromiseActor(), addProject: () => fakePromiseActor(), scheduleProject: () => fakePromiseActor() },
  serializeState: (snapshot) => {
    const { problems, added, problem, publishAt, timeProblem, scheduled } = snapshot.context;
    const card = (snapshot.context.draft as { card?: { name?: string; id?: string } } | null)?.card;
    return JSON.stringify({ value: snapshot.value, name: card?.name, id: card?.id, problems: problems.length, added: added !== null, problem: problem !== '', publishAt, timeProblem, scheduled: scheduled !== null });
  },
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    if (snapshot.matches('loading')) return event.type.endsWith('.actor.fetchProjectsNow') && (context.problem === '' || event.type.startsWith('xstate.done'));
    if (!snapshot.can(event)) return false;
    // One way on after adding: another project (a fresh form).
    if (context.added !== null && !snapshot.matches('added')) return false;
    if (context.scheduled !== null && !snapshot.matches('scheduled')) return false;
    // The time: given once, where the form can be sent; then only scheduling goes on.
    if (event.type === 'publishAt.change') return context.publishAt === '' && snapshot.hasTag('editable') && !snapshot.matches({ editing: 'clean' });
    // A bad address where the time was refused: the form's problems come first, for Add and for Add at that time.
    // Or the name taken out again: the form as it started.
    if (snapshot.matches({ editing: { changed: 'timeInvalid' } }) && event.type === 'draft.edit') return event.edit.op === 'set' && draftId(snapshot) !== BAD_ID && (event.edit.path[1] === 'id' || event.edit.value === '');
    if (context.publishAt !== '' && !['project.schedule', 'project.add', 'project.another', 'add.cancel', 'xstate.done.actor.scheduleProject', 'xstate.error.actor.scheduleProject'].includes(String(event.type))) return false;
    if (context.publishAt !== '' && event.type === 'project.add') return snapshot.matches({ editing: { changed: 'timeInvalid' } }) && draftId(snapshot) === BAD_ID;
    if (String(event.type) === 'xstate.error.actor.scheduleProject') {
      const error = (event as { error?: unknown }).error;
      if (error === TIME_REFUSED) return context.timeProblem === '';
      return context.problems.length === 0 && context.problem === '';
    }
    if (event.type === 'draft.edit' && event.edit.op === 'set') {
      // A bad id once, from the form as it starts: a change that leaves the form invalid.
      if (event.edit.path[1] === 'id') return draftId(snapshot) !== BAD_ID && draftName(snapshot) === '' && context.problems.length === 0;
      if (draftId(snapshot) === BAD_ID) return event.edit.value === NAME && draftName(snapshot) !== NAME;
      // Another name: a change to an addable form.
      if (event.edit.value === OTHER_NAME) return draftName(snapshot) === NAME && snapshot.matches({ editing: { changed: 'dirty' } }) && context.problems.length === 0;
      return event.edit.value !== draftName(snapshot);
    }
    if (event.type === 'leave.request') return snapshot.matches({ editing: { changed: 'dirty' } });
    // The server's refusals from the first attempt of a form the page finds valid.
    if (event.type.startsWith('xstate.error.actor.addProject')) return context.problems.length === 0 && context.problem === '';
    return true;
  },
  render: ({ logic, inspect }) => {
    props = consolePageProps();
    return <AddProjectPage {...props} PictureChoice={BuiltPictureChoice} blank={BLANK} logic={logic} inspect={inspect} />;
  },
  events: {
    'draft.edit': ({ event }) => {
      const edit = (event as Extract<AddProjectEvent, { type: 'draft.edit' }>).edit;
      fireEvent.change(edit.path[1] === 'id' ? idField() : nameField(), { target: { value: edit.op === 'set' ? edit.value : '' } });
    },
    'project.add': ({ user }) => user.click(button(screen.queryByRole('button', { name: 'Try again' }) ? 'Try again' : 'Add the project')),
    'project.schedule': ({ user }) => user.click(button(screen.queryByRole('button', { name: 'Try again' }) ? 'Try again' : 'Add at that time')),
    'publishAt.change': () => {
      fireEvent.change(addAtField(), { target: { value: ADD_AT } });
    },
    'add.cancel': ({ user }) => user.click(button('Back to the form')),
    'project.another': ({ user }) => user.click(button('Add another project')),
    'leave.request': ({ user }) => user.click(screen.getByRole('link', { name: 'All documents' })),
    'leave.confirm': ({ user }) => user.click(button('Leave and lose the form')),
    'leave.cancel': ({ user }) => user.click(button('Stay')),
    'document.reload': ({ user }) => user.click(button('Try again')),
    'note.change': () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Note for the revisions list (optional)' }), { target: { value: 'New' } });
    },
  },
  states,
});
