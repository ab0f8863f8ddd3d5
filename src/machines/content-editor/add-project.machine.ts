// "Add project" in the console (`#/content/add-project`, README.md "Editing the site"): one form
// for a new project's card in the grid and its page (validation/content-editor/new-project.ts),
// published together. loading (the live grid: its categories, the projects it has) → editing:
// clean until the first change, then changed: dirty; invalid when Add found problems (each
// beside its field and in the summary, following every change; the server's too); sending;
// failed (try again); leaving asks first while changed. The address follows the name until the
// person writes one of their own (new-project.ts, withAddressFromName). added: the new page's address; "Add
// another" starts over from the live grid. Or, with a time on the company's clock, "Add at that
// time": checked now and stored, added then by the server (content-schedules.ts); the time's
// error beside its field (none given, or the server's words); scheduled. A signed-out answer ends the session.
import { assign, emit, setup } from 'xstate';
import { addProject, fetchProjectsNow, guardUnsaved, scheduleProject } from '../../services/content-editor/content-editor.actors.ts';
import { problemsOf } from '../../services/content-editor/content-editor-api.client.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import type { AddProjectAnswer, Problem, ScheduledChange } from '../../validation/content-editor/content-editor.protocol.ts';
import { PUBLISH_AT_MESSAGES, zonedTimeToIso } from '../../validation/content-editor/publish-at.ts';
import { newProjectProblems, withAddressFromName, type ProjectsNow } from '../../validation/content-editor/new-project.ts';
import { draftTransitions } from './draft-transitions.ts';
import { announcementOf, applyEdit, applyRawJson, unparsedProblems, type DraftEdit, type RawJson } from './draft-edit.ts';

export interface AddProjectInput {
  api: ConsoleApi;
  /** The empty form (the view makes it from the form's struct). */
  blank: unknown;
  /** The company's clock (the session's SITE_TIMEZONE): a scheduled time is read on it. */
  timeZone: string;
}

export interface AddProjectContext extends AddProjectInput {
  /** The live grid and project pages the project is checked against. */
  live: ProjectsNow | null;
  draft: unknown;
  rawJson: RawJson;
  /** The problems shown (from the last Add asked for, or the server's 400). */
  problems: Problem[];
  note: string;
  added: AddProjectAnswer | null;
  /** "Add at": the date and time as the field gives it, on the company's clock. */
  publishAt: string;
  /** Why that time is refused (the console's check, or the server's words). */
  timeProblem: string;
  scheduled: ScheduledChange | null;
  /** Why loading or adding failed. */
  problem: string;
  /** The console link held back while asking whether to leave. */
  leaveHash: string;
  /** The last change to a list, for the page's live region. */
  announcement: string;
}

export type AddProjectEvent =
  | { type: 'draft.edit'; edit: DraftEdit }
  | { type: 'note.change'; note: string }
  | { type: 'project.add' }
  | { type: 'project.schedule' }
  | { type: 'publishAt.change'; value: string }
  | { type: 'add.cancel' }
  | { type: 'project.another' }
  | { type: 'leave.request'; hash: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  | { type: 'document.reload' };

export type AddProjectEmitted =
  | { type: 'session.end' }
  | { type: 'address.change'; hash: string }
  | { type: 'focus.summary' }
  | { type: 'focus.status' }
  | { type: 'focus.publishAt' }
  | { type: 'focus.moved'; edit: DraftEdit };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const problemsNow = (context: Pick<AddProjectContext, 'live' | 'rawJson'>, draft: unknown): Problem[] =>
  context.live === null ? [] : [...newProjectProblems(draft, context.live), ...unparsedProblems(context.rawJson)];

/** The form after `edit`, its address suggested from the name while it is not the person's own. */
const editedDraft = (draft: unknown, edit: DraftEdit): unknown => withAddressFromName(draft, applyEdit(draft, edit));

/** The draft's editing transitions, shared with the other draft editor (draft-transitions.ts). */
const DRAFT = draftTransitions('addProject');

/** "Add at that time": the form's problems first, then the time's, then the request. */
const SCHEDULE = [
  { guard: 'hasProblems', target: '#addProject.editing.changed.invalid', actions: 'checkDraft' },
  { guard: 'hasNoTime', target: '#addProject.editing.changed.timeInvalid', reenter: true, actions: 'storeTimeMissing' },
  { target: '#addProject.editing.changed.scheduling' },
] as const;

export const addProjectMachine = setup({
  types: {
    input: {} as AddProjectInput,
    context: {} as AddProjectContext,
    events: {} as AddProjectEvent,
    emitted: {} as AddProjectEmitted,
  },
  actors: { fetchProjectsNow, addProject, guardUnsaved, scheduleProject },
  guards: {
    hasProblems: ({ context }) => problemsNow(context, context.draft).length > 0,
    /** After the edit, the form is empty again (and every JSON field parses). */
    isUnchangedBy: ({ context }, { edit }: { edit: DraftEdit }) =>
      Object.keys(applyRawJson(context.rawJson, edit)).length === 0 && JSON.stringify(editedDraft(context.draft, edit)) === JSON.stringify(context.blank),
    isValidBy: ({ context }, { edit }: { edit: DraftEdit }) => problemsNow({ ...context, rawJson: applyRawJson(context.rawJson, edit) }, editedDraft(context.draft, edit)).length === 0,
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
    isInvalid: (_, { error }: { error: unknown }) => problemsOf(error).length > 0,
    /** "Add at" is empty or not a date and a time. */
    hasNoTime: ({ context }) => zonedTimeToIso(context.publishAt, context.timeZone) === '',
    /** The server refused the time (past, too far ahead): its words go beside the field. */
    isTimeRefused: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.field === 'publishAt',
  },
  actions: {
    storeLive: assign(({ context }, live: ProjectsNow) => ({ live, draft: structuredClone(context.blank), rawJson: {}, problems: [], note: '', added: null, publishAt: '', timeProblem: '', scheduled: null, problem: '', announcement: '' })),
    applyEdit: assign(({ context }, { edit }: { edit: DraftEdit }) => ({
      draft: editedDraft(context.draft, edit),
      rawJson: applyRawJson(context.rawJson, edit),
      announcement: announcementOf(context.draft, edit),
    })),
    /** The problems beside the fields follow the draft once shown. */
    checkDraft: assign(({ context }) => ({ problems: problemsNow(context, context.draft) })),
    storeServerProblems: assign((_, { error }: { error: unknown }) => ({ problems: problemsOf(error) })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    clearProblem: assign({ problem: '' }),
    storeNote: assign((_, { note }: { note: string }) => ({ note })),
    storeLeaveHash: assign((_, { hash }: { hash: string }) => ({ leaveHash: hash })),
    storeAdded: assign((_, added: AddProjectAnswer) => ({ added, problems: [], problem: '' })),
    storePublishAt: assign((_, { value }: { value: string }) => ({ publishAt: value })),
    storeTimeMissing: assign(({ context }) => ({ timeProblem: context.publishAt === '' ? PUBLISH_AT_MESSAGES.missing : PUBLISH_AT_MESSAGES.notATime })),
    storeTimeRefused: assign((_, { error }: { error: unknown }) => ({ timeProblem: error instanceof Error ? error.message : String(error) })),
    storeScheduled: assign((_, scheduled: ScheduledChange) => ({ scheduled, problems: [], problem: '', timeProblem: '' })),
    focusPublishAt: emit({ type: 'focus.publishAt' } as const),
    endSession: emit({ type: 'session.end' } as const),
    leave: emit(({ context }) => ({ type: 'address.change', hash: context.leaveHash }) as const),
    focusSummary: emit({ type: 'focus.summary' } as const),
    focusStatus: emit({ type: 'focus.status' } as const),
    focusMoved: emit((_, { edit }: { edit: DraftEdit }) => ({ type: 'focus.moved', edit }) as const),
  },
}).createMachine({
  id: 'addProject',
  context: ({ input }) => ({ ...input, live: null, draft: structuredClone(input.blank), rawJson: {}, problems: [], note: '', added: null, publishAt: '', timeProblem: '', scheduled: null, problem: '', leaveHash: '', announcement: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchProjectsNow',
        src: 'fetchProjectsNow',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'editing', actions: { type: 'storeLive', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: errorParams }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
        ],
      },
    },
    failed: { on: { 'document.reload': 'loading' } },
    signedOut: { entry: 'endSession' },
    /** Left for another console page, the form dropped as the person chose. */
    left: { entry: 'leave' },
    /** Scheduled: it is added at its time (Site content lists it, and cancels it). */
    scheduled: {
      entry: 'focusStatus',
      on: { 'project.another': 'loading' },
    },
    /** The project is live: its page's address is shown. */
    added: {
      entry: 'focusStatus',
      on: { 'project.another': 'loading' },
    },
    editing: {
      initial: 'clean',
      on: {
        'note.change': { actions: { type: 'storeNote', params: ({ event }) => ({ note: event.note }) } },
        'publishAt.change': { actions: { type: 'storePublishAt', params: ({ event }) => ({ value: event.value }) } },
      },
      states: {
        clean: {
          tags: ['editable'],
          on: {
            'draft.edit': DRAFT.fromClean,
            'project.add': { target: 'changed.invalid', actions: 'checkDraft' },
            'project.schedule': { target: 'changed.invalid', actions: 'checkDraft' },
          },
        },
        changed: {
          invoke: { id: 'guardUnsaved', src: 'guardUnsaved' },
          on: { 'leave.request': { target: '.leaving', actions: { type: 'storeLeaveHash', params: ({ event }) => ({ hash: event.hash }) } } },
          initial: 'dirty',
          states: {
            dirty: {
              tags: ['editable'],
              on: {
                'draft.edit': DRAFT.whileDirty,
                'project.add': [{ guard: 'hasProblems', target: 'invalid', actions: 'checkDraft' }, { target: 'sending' }],
                'project.schedule': SCHEDULE,
              },
            },
            /** The time is missing, not a time, or refused by the server: said beside the field. */
            timeInvalid: {
              tags: ['editable'],
              entry: 'focusPublishAt',
              on: {
                'draft.edit': DRAFT.whileDirty,
                'project.add': [{ guard: 'hasProblems', target: 'invalid', actions: 'checkDraft' }, { target: 'sending' }],
                'project.schedule': SCHEDULE,
              },
            },
            scheduling: {
              tags: ['busy'],
              entry: 'clearProblem',
              invoke: {
                id: 'scheduleProject',
                src: 'scheduleProject',
                input: ({ context }) => ({ api: context.api, project: context.draft, note: context.note, publishAt: zonedTimeToIso(context.publishAt, context.timeZone) }),
                onDone: { target: '#addProject.scheduled', actions: { type: 'storeScheduled', params: ({ event }) => event.output } },
                onError: [
                  { guard: { type: 'isSignedOut', params: errorParams }, target: '#addProject.signedOut' },
                  { guard: { type: 'isInvalid', params: errorParams }, target: 'invalid', actions: { type: 'storeServerProblems', params: errorParams } },
                  { guard: { type: 'isTimeRefused', params: errorParams }, target: 'timeInvalid', actions: { type: 'storeTimeRefused', params: errorParams } },
                  { target: 'scheduleFailed', actions: { type: 'storeProblem', params: errorParams } },
                ],
              },
            },
            scheduleFailed: {
              entry: 'focusStatus',
              on: { 'project.schedule': 'scheduling', 'add.cancel': 'dirty' },
            },
            /** Problems shown beside their fields and in the summary, following every change. */
            invalid: {
              tags: ['editable', 'invalid'],
              entry: 'focusSummary',
              on: {
                'draft.edit': DRAFT.whileInvalid,
                // The server's problems (a 400) may stand where the form's do not: it is asked again.
                'project.add': [{ guard: 'hasProblems', actions: ['checkDraft', 'focusSummary'] }, { target: 'sending' }],
                'project.schedule': [{ guard: 'hasProblems', actions: ['checkDraft', 'focusSummary'] }, ...SCHEDULE.slice(1)],
              },
            },
            sending: {
              tags: ['busy'],
              entry: 'clearProblem',
              invoke: {
                id: 'addProject',
                src: 'addProject',
                input: ({ context }) => ({ api: context.api, project: context.draft, note: context.note }),
                onDone: { target: '#addProject.added', actions: { type: 'storeAdded', params: ({ event }) => event.output } },
                onError: [
                  { guard: { type: 'isSignedOut', params: errorParams }, target: '#addProject.signedOut' },
                  { guard: { type: 'isInvalid', params: errorParams }, target: 'invalid', actions: { type: 'storeServerProblems', params: errorParams } },
                  { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
                ],
              },
            },
            failed: {
              entry: 'focusStatus',
              on: { 'project.add': 'sending', 'add.cancel': 'dirty' },
            },
            /** "Leave without adding?" for a console link followed with the form filled in. */
            leaving: {
              on: {
                'leave.confirm': '#addProject.left',
                'leave.cancel': 'dirty',
              },
            },
          },
        },
      },
    },
  },
});
