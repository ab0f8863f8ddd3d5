// contentEditor, walked through the real <ContentEditorPage> (the hero document) along every edge
// of the production machine's graph: loaded, clean; a changed heading (dirty), a blanked one
// refused on Preview or Publish (invalid: the message beside the field and in the summary, then
// following every change); previewing at 1280 and 375 px, on another page, failed and retried;
// publishing with a note, published, refused by the server (its problems shown as the struct's),
// or scheduled for a time (none given or refused: the error beside the field; scheduled: said,
// and back to the live document),
// failed (no answer, or over the person's limit: the server's words say when to try again), or in conflict (load theirs, or keep mine and publish again); leaving with unsaved
// changes asks first (the real guardUnsaved holds the console link back); a document that is
// gone; a signed-out answer.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { TEXT_MAX, textMaxText } from '../../../content/content-limits.ts';
import { contentEditorMachine, type ContentEditorEvent } from '../../../src/machines/content-editor/content-editor.machine.ts';
import { formatConsoleTime } from '../../../src/services/shared/console-time.ts';
import type { PreviewAnswer, PublishAnswer, ScheduledChange } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { PUBLISH_AT_MESSAGES } from '../../../src/validation/content-editor/publish-at.ts';
import { ContentEditorPage } from '../../../src/views/content-editor/content-editor-page.view.tsx';
import { BuiltPictureChoice } from '../../support/picture-choice.tsx';
import { consolePageProps, TEST_TIME_ZONE } from '../../support/console-page.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor, type StateAssertion } from '../harness/index.ts';
import { READ_ONLY_TEXT } from '../../../src/views/content-editor/content-documents-page.view.tsx';
import { CONFLICT, content, HERO, SCHEDULED_HERO, HERO_READ_ONLY, PREVIEW_RATE_LIMITED, PUBLISH_RATE_LIMITED, SERVER_INVALID, SIGNED_OUT, UNKNOWN, UNREACHABLE } from './content-fixtures.ts';

// A path renders the hero's whole form (some 60 fields) at every step: on a busy machine the
// longest take more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

type Machine = typeof contentEditorMachine;
type Snapshot = SnapshotFrom<Machine>;

const ORIGINAL = content.hero.heading;
const NEW_HEADING = 'Screens that stop people in their tracks';
// The message table's sentence (problem-messages.ts), not the validator's text.
const BLANK_MESSAGE = 'Write something here: it cannot be left empty.';
const PREVIEW: PreviewAnswer = { url: 'http://localhost/admin/api/content/previews/p1', paths: ['/', '/thank-you/'] };
const PUBLISHED: PublishAnswer = { revision: 8, number: 4, publishedAt: '2026-03-02T08:00:00.000Z' };
const NOTE = 'A sharper heading';
/** "Or publish at": 06:00 on Christmas Eve on the company's clock (TEST_TIME_ZONE). */
const PUBLISH_AT = '2026-12-24T06:00';
const SCHEDULED: ScheduledChange = { ...SCHEDULED_HERO, id: 3, note: NOTE, createdAt: '2026-03-02T08:00:00.000Z' };
/** The server's refusal of the time (it has passed by its clock): its words go beside the field. */
const TIME_REFUSED = new ConsoleApiError(CONSOLE_REFUSAL.invalidBody, PUBLISH_AT_MESSAGES.past, 400, 'publishAt');
const publishAtField = () => screen.getByLabelText('Or publish at');

const heading = (value: string): ContentEditorEvent => ({ type: 'draft.edit', edit: { op: 'set', path: ['heading'], value } });

let props = consolePageProps();
const fake = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, Record<string, unknown>>;
const button = (name: string) => screen.getByRole('button', { name });
const headingField = () => screen.getAllByRole('textbox', { name: 'Heading' })[0]!;
const draftHeading = (snapshot: Snapshot) => (snapshot.context.draft as { heading: string }).heading;

/** What every editing state shows: the form with the draft, where it started from, whether it changed. */
const expectForm = (snapshot: Snapshot) => {
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Home: hero');
  expect(headingField()).toHaveValue(draftHeading(snapshot));
  const live = snapshot.context.live!;
  expect(document.querySelector('.content-page__facts')).toHaveTextContent(`Your draft starts from: Revision ${live.number}, published ${formatConsoleTime(live.publishedAt!, TEST_TIME_ZONE)}`);
  expect(screen.getByRole('link', { name: 'All documents' })).toHaveAttribute('href', '#/content');
  expect(screen.getByRole('link', { name: 'Revisions' })).toHaveAttribute('href', '#/content/hero/revisions');
};
const expectEditable = (editable: boolean) => expect(document.querySelector('.content-form__fields')).toHaveProperty('disabled', !editable);
const expectChanged = (changed: boolean) => {
  expect(document.querySelector('.content-page__facts')).toHaveTextContent(changed ? 'Unpublished changes.' : 'No changes.');
  expect(screen.queryByRole('button', { name: 'Publish' }) !== null).toBe(changed && document.querySelector('.content-form__fields:disabled') === null);
};
const expectNoProblems = () => {
  expect(headingField()).toHaveAttribute('aria-invalid', 'false');
  // The field's maximum is said beside it (content/content-limits.ts).
  expect(headingField()).toHaveAccessibleDescription(textMaxText(TEXT_MAX));
  expect(document.querySelector('.error-summary')).toHaveAttribute('hidden');
};
const expectPreviewShown = (width: number, snapshot: Snapshot) => {
  const frame = screen.getByTitle(new RegExp(`^Preview of ${snapshot.context.previewPath ?? '/'}, ${width} px wide$`));
  expect(frame).toHaveAttribute('src', PREVIEW.url);
  expect(frame).toHaveAttribute('width', String(width));
  expect(button(`Phone, 375 px`)).toHaveAttribute('aria-pressed', String(width === 375));
  expect(button(`Desktop, 1280 px`)).toHaveAttribute('aria-pressed', String(width === 1280));
  expect(screen.getByRole('combobox', { name: 'Page' })).toHaveValue(snapshot.context.previewPath ?? '/');
  expect(fake(fakes(), 'previewDocument').instances.at(-1)?.input).toMatchObject({ name: 'hero', document: { heading: draftHeading(snapshot) }, path: snapshot.context.previewPath });
};
let currentFakes: Record<string, unknown> = {};
const fakes = () => currentFakes;

const states: Record<string, StateAssertion<Machine>> = {
  loading: ({ fakes: given }) => {
    currentFakes = given;
    expect(screen.getByRole('status')).toHaveTextContent('Loading the document…');
    expect(fake(given, 'fetchDocument').pending?.input).toMatchObject({ name: 'hero' });
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`The document could not be loaded. ${UNREACHABLE.message}`);
  },
  missing: () => {
    expect(screen.getByText('There is no such document.')).toBeVisible();
  },
  signedOut: () => expect(props.onSessionEnded).toHaveBeenCalledTimes(1),
  readOnly: ({ snapshot }) => {
    expectForm(snapshot);
    expectEditable(false);
    expect(screen.getByRole('note')).toHaveTextContent(READ_ONLY_TEXT);
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  },
  left: () => expect(props.navigate).toHaveBeenCalledWith('#/content'),
  'editing.clean': ({ snapshot }) => {
    expectForm(snapshot);
    expectEditable(true);
    expectChanged(false);
    expectNoProblems();
  },
  'editing.published': ({ snapshot }) => {
    expectForm(snapshot);
    expectEditable(true);
    expectChanged(false);
    const status = screen.getByText(/^Published as revision 4\./);
    expect(document.activeElement).toBe(status.parentElement);
    expect(fake(fakes(), 'publishDocument').instances.at(-1)?.input).toMatchObject({ name: 'hero', document: { heading: draftHeading(snapshot) }, note: NOTE });
  },
  'editing.changed.dirty': ({ snapshot }) => {
    expectForm(snapshot);
    expectEditable(true);
    expectChanged(true);
    expectNoProblems();
  },
  'editing.changed.invalid': ({ snapshot }) => {
    expectForm(snapshot);
    expectEditable(true);
    const summary = document.querySelector<HTMLElement>('.error-summary')!;
    expect(summary).not.toHaveAttribute('hidden');
    for (const problem of snapshot.context.problems) {
      expect(within(summary).getByRole('link', { name: new RegExp(problem.message) })).toBeVisible();
    }
    if (draftHeading(snapshot) === '') {
      expect(headingField()).toHaveAccessibleDescription(`${textMaxText(TEXT_MAX)} Error: ${BLANK_MESSAGE}`);
    } else {
      // The server's problem (a link no page has), beside its field.
      expect(screen.getAllByRole('combobox', { name: 'Links to' })[0]).toHaveAccessibleDescription(/No page of the site has the address/);
    }
  },
  'editing.changed.leaving': ({ snapshot }) => {
    expectForm(snapshot);
    const group = screen.getByRole('group', { name: /unpublished changes\. Leave without publishing/ });
    expect(within(group).getByRole('button', { name: 'Stay' })).toBeVisible();
    expect(props.navigate).not.toHaveBeenCalled();
  },
  'editing.changed.previewing.rendering': ({ snapshot }) => {
    expectForm(snapshot);
    expectEditable(false);
    expect(screen.getByText('Rendering the page with your changes…')).toBeVisible();
    expect(fake(fakes(), 'previewDocument').pending?.input).toMatchObject({ document: { heading: draftHeading(snapshot) }, path: snapshot.context.previewPath });
  },
  'editing.changed.previewing.shown.wide': ({ snapshot }) => expectPreviewShown(1280, snapshot),
  'editing.changed.previewing.shown.narrow': ({ snapshot }) => expectPreviewShown(375, snapshot),
  // The server's words, whatever failed: no answer, or a refusal over the person's limit (429) saying when to try again.
  'editing.changed.previewing.failed': ({ snapshot }) => {
    const alert = screen.getAllByRole('alert').find((element) => element.textContent?.includes('The preview could not be made'))!;
    expect([UNREACHABLE.message, PREVIEW_RATE_LIMITED.message]).toContain(snapshot.context.problem);
    expect(alert).toHaveTextContent(snapshot.context.problem);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  'editing.changed.publishing.noting': ({ snapshot }) => {
    expectEditable(false);
    const note = screen.getByRole('textbox', { name: 'What changed (optional)' });
    expect(note).toHaveValue(snapshot.context.note);
    expect(button('Publish now')).toBeVisible();
  },
  'editing.changed.publishing.sending': ({ snapshot }) => {
    expectEditable(false);
    expect(button('Publishing…')).toHaveAttribute('aria-disabled', 'true');
    expect(fake(fakes(), 'publishDocument').pending?.input).toMatchObject({ baseRevision: snapshot.context.live!.revision, note: snapshot.context.note, document: { heading: draftHeading(snapshot) } });
  },
  'editing.changed.publishing.failed': ({ snapshot }) => {
    expect([UNREACHABLE.message, PUBLISH_RATE_LIMITED.message]).toContain(snapshot.context.problem);
    expect(screen.getByRole('alert')).toHaveTextContent(`Not published or scheduled. ${snapshot.context.problem}`);
    expect(button('Publish now')).toBeVisible();
    expect(button('Schedule for that time')).toBeVisible();
  },
  'editing.changed.publishing.timeInvalid': ({ snapshot }) => {
    expectEditable(false);
    expect(publishAtField()).toHaveValue(snapshot.context.publishAt);
    // The console's own words for no time, the server's for a refused one; until "Schedule" is pressed again.
    expect([PUBLISH_AT_MESSAGES.missing, PUBLISH_AT_MESSAGES.past]).toContain(snapshot.context.timeProblem);
    expect(publishAtField()).toHaveAccessibleDescription(expect.stringContaining(`Error: ${snapshot.context.timeProblem}`));
    expect(publishAtField()).toHaveFocus();
  },
  'editing.changed.publishing.scheduling': ({ snapshot }) => {
    expectEditable(false);
    expect(button('Scheduling…')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(fake(fakes(), 'scheduleDocument').pending?.input).toMatchObject({ baseRevision: snapshot.context.live!.revision, note: snapshot.context.note, publishAt: '2026-12-24T06:00:00+02:00', document: { heading: draftHeading(snapshot) } });
  },
  'editing.scheduled': ({ snapshot }) => {
    expectForm(snapshot);
    expectEditable(false);
    const status = screen.getByText(/^Scheduled: this draft goes live on /);
    expect(status).toHaveTextContent(`Scheduled: this draft goes live on ${formatConsoleTime(SCHEDULED.publishAt, TEST_TIME_ZONE)}. Site content lists it, and can cancel it.`);
    expect(document.activeElement).toBe(status.parentElement?.parentElement);
    expect(document.querySelector('.content-page__facts')).toHaveTextContent('Scheduled.');
    expect(button('Back to the live document')).toBeVisible();
  },
  'editing.changed.conflict': ({ snapshot }) => {
    expectEditable(false);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`Revision 4, published ${formatConsoleTime(CONFLICT.data.current ? '2026-03-02T09:00:00.000Z' : '', TEST_TIME_ZONE)} by Sipho Dlamini`);
    expect(alert).toHaveTextContent(`Your changes started from revision ${snapshot.context.live!.number}.`);
    expect(document.activeElement).toBe(alert.parentElement);
  },
};

describeModel({
  machine: contentEditorMachine,
  input: { api: props.api, name: 'hero', timeZone: TEST_TIME_ZONE },
  eventSamples: [
    { type: 'xstate.done.actor.fetchDocument', output: HERO },
    { type: 'xstate.done.actor.fetchDocument', output: HERO_READ_ONLY },
    ...[UNREACHABLE, UNKNOWN, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.fetchDocument' as const, error })),
    heading(NEW_HEADING),
    heading(''),
    heading(ORIGINAL),
    { type: 'leave.request', hash: '#/content' },
    { type: 'preview.page', path: '/thank-you/' },
    { type: 'note.change', note: NOTE },
    { type: 'xstate.done.actor.previewDocument', output: PREVIEW },
    ...[UNREACHABLE, PREVIEW_RATE_LIMITED, SERVER_INVALID, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.previewDocument' as const, error })),
    { type: 'xstate.done.actor.publishDocument', output: PUBLISHED },
    ...[UNREACHABLE, PUBLISH_RATE_LIMITED, SERVER_INVALID, CONFLICT, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.publishDocument' as const, error })),
    { type: 'publishAt.change', value: PUBLISH_AT },
    { type: 'xstate.done.actor.scheduleDocument', output: SCHEDULED },
    ...[UNREACHABLE, TIME_REFUSED, SERVER_INVALID, CONFLICT, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.scheduleDocument' as const, error })),
  ],
  fakes: { fetchDocument: () => fakePromiseActor(), previewDocument: () => fakePromiseActor(), publishDocument: () => fakePromiseActor(), scheduleDocument: () => fakePromiseActor() },
  serializeState: (snapshot) => {
    const { draft, problems, note, previewPath, conflict, live, published, problem, publishAt, timeProblem, scheduled } = snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      // A failure of each kind is its own state: no answer, or a refusal over the person's limit.
      problem,
      heading: (draft as { heading?: string } | null)?.heading,
      problems: problems.length,
      note,
      previewPath,
      conflict: conflict !== null,
      live: live?.revision,
      published: published !== null,
      publishAt,
      timeProblem,
      scheduled: scheduled !== null,
    });
  },
  // One walk of each way through, not every combination: what a path leaves behind (a note, a
  // preview's page, a revision published or re-based) ends it, but for the way back to publishing.
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    if (snapshot.matches('loading')) {
      // Read only: at the first load, once.
      if ('output' in event && event.output === HERO_READ_ONLY) return context.live === null && context.problem === '';
      return event.type.endsWith('.actor.fetchDocument') && (context.problem === '' || event.type.startsWith('xstate.done'));
    }
    if (!snapshot.can(event)) return false;
    const publishing = snapshot.matches({ editing: { changed: 'publishing' } });
    const previewing = snapshot.matches({ editing: { changed: 'previewing' } });
    if (snapshot.matches({ editing: { changed: 'conflict' } })) return true;
    // A time given: scheduled with it, no other way through.
    if (context.publishAt !== '' && !['schedule.confirm', 'xstate.done.actor.scheduleDocument', 'xstate.error.actor.scheduleDocument'].includes(String(event.type))) return false;
    const rebased = context.live?.revision === 9;
    if (rebased) return ['draft.publish', 'publish.confirm', 'xstate.done.actor.publishDocument'].includes(event.type);
    if (context.previewPath !== undefined && !previewing) return false;
    if (context.note !== '' && !publishing) return false;
    if (context.published !== null) return snapshot.matches({ editing: 'published' }) && event.type === 'draft.edit' && event.edit.op === 'set' && event.edit.value === '';
    // Scheduled: back to the live document, and that loaded.
    if (context.scheduled !== null) return event.type === 'document.reload' || String(event.type) === 'xstate.done.actor.fetchDocument';
    if (event.type === 'publishAt.change') return context.publishAt === '';
    const current = context.draft === null ? undefined : draftHeading(snapshot);
    if (event.type === 'draft.edit') {
      const value = event.edit.op === 'set' ? event.edit.value : undefined;
      return value !== current && (snapshot.matches({ editing: { changed: 'invalid' } }) || value !== NEW_HEADING);
    }
    if (event.type === 'leave.request') return snapshot.matches({ editing: { changed: 'dirty' } });
    if (event.type === 'preview.page') return snapshot.matches({ editing: { changed: { previewing: { shown: 'wide' } } } });
    // Failures from the first attempt; the server's problems from a draft the struct finds valid.
    // The server refuses a time only once one is given.
    if (String(event.type) === 'xstate.error.actor.scheduleDocument' && (event as { error?: unknown }).error === TIME_REFUSED) return context.timeProblem === '';
    if (event.type.startsWith('xstate.error')) return context.problems.length === 0 && !snapshot.matches({ editing: { changed: { publishing: 'failed' } } }) && !snapshot.matches({ editing: { changed: { previewing: 'failed' } } }) && current === NEW_HEADING;
    if (event.type === 'note.change') return context.note === '';
    // Published only with a note (the published state's check reads it).
    if (event.type === 'publish.confirm') return context.note !== '';
    return true;
  },
  render: ({ logic, inspect }) => {
    props = consolePageProps();
    return <ContentEditorPage {...props} documentName="hero" PictureChoice={BuiltPictureChoice} logic={logic} inspect={inspect} />;
  },
  events: {
    'draft.edit': ({ event }) => {
      const edit = (event as Extract<ContentEditorEvent, { type: 'draft.edit' }>).edit;
      fireEvent.change(headingField(), { target: { value: edit.op === 'set' ? edit.value : '' } });
    },
    'draft.preview': ({ user }) => user.click(button('Preview')),
    'draft.publish': ({ user }) => user.click(button('Publish')),
    'leave.request': ({ user }) => user.click(screen.getByRole('link', { name: 'All documents' })),
    'leave.confirm': ({ user }) => user.click(button('Leave and lose the changes')),
    'leave.cancel': ({ user }) => user.click(button('Stay')),
    'preview.narrow': ({ user }) => user.click(button('Phone, 375 px')),
    'preview.widen': ({ user }) => user.click(button('Desktop, 1280 px')),
    'preview.page': ({ user }) => user.selectOptions(screen.getByRole('combobox', { name: 'Page' }), '/thank-you/'),
    'preview.retry': ({ user }) => user.click(button('Try again')),
    'preview.close': ({ user }) => user.click(button('Back to editing')),
    'note.change': () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'What changed (optional)' }), { target: { value: NOTE } });
    },
    'publish.confirm': ({ user }) => user.click(button('Publish now')),
    'publish.cancel': ({ user }) => user.click(button('Cancel')),
    'publishAt.change': () => {
      fireEvent.change(publishAtField(), { target: { value: PUBLISH_AT } });
    },
    'schedule.confirm': ({ user }) => user.click(button('Schedule for that time')),
    'conflict.loadTheirs': ({ user }) => user.click(button('Load theirs (discard my changes)')),
    'conflict.keepMine': ({ user }) => user.click(button('Keep mine, to publish over theirs')),
    'document.reload': ({ user, from }) => user.click(button(from.matches({ editing: 'scheduled' }) ? 'Back to the live document' : 'Try again')),
  },
  states,
});

