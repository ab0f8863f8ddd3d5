// One document in the console's editor (`#/content/<name>`, README.md "Editing the site"):
// loading → editing, clean until the first change, then changed: dirty; invalid when a preview or
// a publish found problems (each shown beside its field, and in the summary); previewing (the
// draft rendered by the server, at 375 or 1280 px, on any page it appears on); publishing (a
// note, then the POST); conflict when someone published first (load theirs, or keep mine:
// re-based on their revision, published again only when asked); published; or, from the same
// note, scheduled for a time on the company's clock (stored, checked, and published then by the
// server: content-schedules.ts), the time's error beside its field. While changed,
// leaving the page asks first (guardUnsaved). A signed-out answer ends the session. Someone who
// may not publish (staff, while no owner allows it) reads the document: readOnly.
import { assign, emit, setup } from 'xstate';
import type { DocumentName } from '../../../content/document-names.ts';
import { conflictOf, problemsOf } from '../../services/content-editor/content-editor-api.client.ts';
import { fetchDocument, guardUnsaved, previewDocument, publishDocument, scheduleDocument } from '../../services/content-editor/content-editor.actors.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../validation/console/console-api.ts';
import {
  CONTENT_ERROR,
  type DocumentAnswer,
  type DocumentSummary,
  type PreviewAnswer,
  type Problem,
  type PublishAnswer,
  type ScheduledChange,
} from '../../validation/content-editor/content-editor.protocol.ts';
import { PUBLISH_AT_MESSAGES, zonedTimeToIso } from '../../validation/content-editor/publish-at.ts';
import { draftTransitions } from './draft-transitions.ts';
import { announcementOf, applyEdit, applyRawJson, draftProblems, type DraftEdit, type RawJson } from './draft-edit.ts';

export interface ContentEditorInput {
  api: ConsoleApi;
  name: DocumentName;
  /** The company's clock (the session's SITE_TIMEZONE): a scheduled time is read on it. */
  timeZone: string;
}

export interface ContentEditorContext extends ContentEditorInput {
  /** The revision the draft started from (after "keep mine", the one it was re-based on). */
  live: DocumentAnswer | null;
  draft: unknown;
  /** JSON fields whose text does not parse yet. */
  rawJson: RawJson;
  /** The problems shown (from the last preview or publish asked for, or the server's 400). */
  problems: Problem[];
  note: string;
  preview: PreviewAnswer | null;
  /** The page the preview shows; undefined: the document's first. */
  previewPath: string | undefined;
  /** Who published since the draft's revision. */
  conflict: DocumentSummary | null;
  published: PublishAnswer | null;
  /** "Publish at": the date and time as the field gives it (`2026-12-24T06:00`), on the company's clock. */
  publishAt: string;
  /** Why that time is refused (the console's check, or the server's words). */
  timeProblem: string;
  /** The change scheduled. */
  scheduled: ScheduledChange | null;
  /** Why loading, a preview or a publish failed. */
  problem: string;
  /** The console link held back while asking whether to leave. */
  leaveHash: string;
  /** The last change to a list, for the page's live region. */
  announcement: string;
}

export type ContentEditorEvent =
  | { type: 'draft.edit'; edit: DraftEdit }
  | { type: 'draft.preview' }
  | { type: 'draft.publish' }
  | { type: 'leave.request'; hash: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  | { type: 'preview.narrow' }
  | { type: 'preview.widen' }
  | { type: 'preview.page'; path: string }
  | { type: 'preview.retry' }
  | { type: 'preview.close' }
  | { type: 'note.change'; note: string }
  | { type: 'publish.confirm' }
  | { type: 'publish.cancel' }
  | { type: 'publishAt.change'; value: string }
  | { type: 'schedule.confirm' }
  | { type: 'conflict.loadTheirs' }
  | { type: 'conflict.keepMine' }
  | { type: 'document.reload' };

export type ContentEditorEmitted =
  | { type: 'session.end' }
  | { type: 'address.change'; hash: string }
  | { type: 'focus.summary' }
  | { type: 'focus.status' }
  | { type: 'focus.note' }
  | { type: 'focus.publishAt' }
  | { type: 'focus.moved'; edit: DraftEdit };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const isRefused = (error: unknown, code: string) => error instanceof ConsoleApiError && error.code === code;

/** Publishing's states at rest (not sending): publish now, schedule (the time, or its error beside the field), or cancel. */
const AT_REST = {
  'publish.confirm': '#contentEditor.editing.changed.publishing.sending',
  'publish.cancel': '#contentEditor.editing.changed.dirty',
  'schedule.confirm': [
    { guard: 'hasNoTime', target: '#contentEditor.editing.changed.publishing.timeInvalid', reenter: true, actions: 'storeTimeMissing' },
    { target: '#contentEditor.editing.changed.publishing.scheduling' },
  ],
} as const;

/** The draft's editing transitions, shared with the other draft editor (draft-transitions.ts). */
const DRAFT = draftTransitions('contentEditor');

export const contentEditorMachine = setup({
  types: {
    input: {} as ContentEditorInput,
    context: {} as ContentEditorContext,
    events: {} as ContentEditorEvent,
    emitted: {} as ContentEditorEmitted,
  },
  actors: { fetchDocument, guardUnsaved, previewDocument, publishDocument, scheduleDocument },
  guards: {
    hasProblems: ({ context }) => draftProblems(context.name, context.draft, context.rawJson).length > 0,
    /** After the edit, the draft is the live document again (and every JSON field parses). */
    isUnchangedBy: ({ context }, { edit }: { edit: DraftEdit }) =>
      Object.keys(applyRawJson(context.rawJson, edit)).length === 0 && JSON.stringify(applyEdit(context.draft, edit)) === JSON.stringify(context.live?.document),
    isValidBy: ({ context }, { edit }: { edit: DraftEdit }) => draftProblems(context.name, applyEdit(context.draft, edit), applyRawJson(context.rawJson, edit)).length === 0,
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
    isUnknown: (_, { error }: { error: unknown }) => isRefused(error, CONTENT_ERROR.unknownDocument) || isRefused(error, CONSOLE_REFUSAL.notFound),
    isConflict: (_, { error }: { error: unknown }) => conflictOf(error) !== null,
    /** The person may not publish (staff, while no owner allows it). */
    isReadOnly: (_, live: DocumentAnswer) => live.canEdit === false,
    isInvalid: (_, { error }: { error: unknown }) => problemsOf(error).length > 0,
    /** "Publish at" is empty or not a date and a time. */
    hasNoTime: ({ context }) => zonedTimeToIso(context.publishAt, context.timeZone) === '',
    /** The server refused the time (past, too far ahead): its words go beside the field. */
    isTimeRefused: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.field === 'publishAt',
  },
  actions: {
    storeLive: assign((_, live: DocumentAnswer) => ({ live, draft: structuredClone(live.document), rawJson: {}, problems: [], note: '', conflict: null, published: null, problem: '', announcement: '' })),
    applyEdit: assign(({ context }, { edit }: { edit: DraftEdit }) => ({
      draft: applyEdit(context.draft, edit),
      rawJson: applyRawJson(context.rawJson, edit),
      announcement: announcementOf(context.draft, edit),
    })),
    /** The problems beside the fields follow the draft once shown. */
    checkDraft: assign(({ context }) => ({ problems: draftProblems(context.name, context.draft, context.rawJson) })),
    storeServerProblems: assign((_, { error }: { error: unknown }) => ({ problems: problemsOf(error) })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    clearProblem: assign({ problem: '' }),
    storePreview: assign((_, preview: PreviewAnswer) => ({ preview, problem: '' })),
    storePreviewPath: assign((_, { path }: { path: string }) => ({ previewPath: path })),
    storeNote: assign((_, { note }: { note: string }) => ({ note })),
    storePublishAt: assign((_, { value }: { value: string }) => ({ publishAt: value })),
    storeTimeMissing: assign(({ context }) => ({ timeProblem: context.publishAt === '' ? PUBLISH_AT_MESSAGES.missing : PUBLISH_AT_MESSAGES.notATime })),
    storeTimeRefused: assign((_, { error }: { error: unknown }) => ({ timeProblem: error instanceof Error ? error.message : String(error) })),
    storeScheduled: assign((_, scheduled: ScheduledChange) => ({ scheduled, note: '', publishAt: '', timeProblem: '', problems: [], problem: '', conflict: null })),
    storeLeaveHash: assign((_, { hash }: { hash: string }) => ({ leaveHash: hash })),
    storeConflict: assign((_, { error }: { error: unknown }) => ({ conflict: conflictOf(error) })),
    /** "Keep mine": the draft now starts from their revision; publishing again is the person's choice. */
    rebase: assign(({ context }) => ({
      live: context.live && context.conflict ? { ...context.live, revision: context.conflict.revision, publishedAt: context.conflict.publishedAt, publishedBy: context.conflict.publishedBy } : context.live,
    })),
    storePublished: assign(({ context }, published: PublishAnswer) => ({
      published,
      live: context.live && { ...context.live, revision: published.revision, publishedAt: published.publishedAt, note: context.note, document: structuredClone(context.draft) },
      note: '',
      problems: [],
      problem: '',
      conflict: null,
    })),
    endSession: emit({ type: 'session.end' } as const),
    leave: emit(({ context }) => ({ type: 'address.change', hash: context.leaveHash }) as const),
    focusSummary: emit({ type: 'focus.summary' } as const),
    focusStatus: emit({ type: 'focus.status' } as const),
    focusNote: emit({ type: 'focus.note' } as const),
    focusPublishAt: emit({ type: 'focus.publishAt' } as const),
    focusMoved: emit((_, { edit }: { edit: DraftEdit }) => ({ type: 'focus.moved', edit }) as const),
  },
}).createMachine({
  id: 'contentEditor',
  context: ({ input }) => ({
    ...input,
    live: null,
    draft: null,
    rawJson: {},
    problems: [],
    note: '',
    preview: null,
    previewPath: undefined,
    conflict: null,
    published: null,
    publishAt: '',
    timeProblem: '',
    scheduled: null,
    problem: '',
    leaveHash: '',
    announcement: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchDocument',
        src: 'fetchDocument',
        input: ({ context }) => ({ api: context.api, name: context.name }),
        onDone: [
          { guard: { type: 'isReadOnly', params: ({ event }) => event.output }, target: 'readOnly', actions: { type: 'storeLive', params: ({ event }) => event.output } },
          { target: 'editing', actions: { type: 'storeLive', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: errorParams }, target: 'signedOut' },
          { guard: { type: 'isUnknown', params: errorParams }, target: 'missing' },
          { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
        ],
      },
    },
    failed: { on: { 'document.reload': 'loading' } },
    missing: {},
    /** Shown, not editable: an owner has not allowed staff to edit the site. */
    readOnly: {},
    signedOut: { entry: 'endSession' },
    /** Left for another console page, the changes dropped as the person chose. */
    left: { entry: 'leave' },
    editing: {
      initial: 'clean',
      states: {
        clean: {
          tags: ['editable'],
          on: {
            // A change that undoes itself comes back here from `changed` (isUnchangedBy).
            'draft.edit': DRAFT.fromClean,
          },
        },
        /**
         * Scheduled: the draft is stored to go live at its time (Site content lists it, and
         * cancels it); the form shows it until "Back to the live document" loads that again.
         */
        scheduled: {
          entry: 'focusStatus',
          on: { 'document.reload': '#contentEditor.loading' },
        },
        /** Published: the draft is the live revision; the next change starts a new draft. */
        published: {
          tags: ['editable'],
          entry: 'focusStatus',
          on: {
            'draft.edit': DRAFT.fromClean,
          },
        },
        changed: {
          tags: ['dirty'],
          invoke: { id: 'guardUnsaved', src: 'guardUnsaved' },
          on: { 'leave.request': { target: '.leaving', actions: { type: 'storeLeaveHash', params: ({ event }) => ({ hash: event.hash }) } } },
          initial: 'dirty',
          states: {
            dirty: {
              tags: ['editable'],
              on: {
                'draft.edit': DRAFT.whileDirty,
                'draft.preview': [{ guard: 'hasProblems', target: 'invalid', actions: 'checkDraft' }, { target: 'previewing' }],
                'draft.publish': [{ guard: 'hasProblems', target: 'invalid', actions: 'checkDraft' }, { target: 'publishing' }],
              },
            },
            /** Problems shown beside their fields and in the summary, following every change. */
            invalid: {
              tags: ['editable', 'invalid'],
              entry: 'focusSummary',
              on: {
                'draft.edit': DRAFT.whileInvalid,
                // The server's problems (a 400) may stand where the struct's do not: it is asked again.
                'draft.preview': [{ guard: 'hasProblems', actions: ['checkDraft', 'focusSummary'] }, { target: 'previewing' }],
                'draft.publish': [{ guard: 'hasProblems', actions: ['checkDraft', 'focusSummary'] }, { target: 'publishing' }],
              },
            },
            /** "Leave without publishing?" for a console link followed with changes unsaved. */
            leaving: {
              on: {
                'leave.confirm': '#contentEditor.left',
                'leave.cancel': 'dirty',
              },
            },
            previewing: {
              on: { 'preview.close': 'dirty' },
              initial: 'rendering',
              states: {
                rendering: {
                  tags: ['busy'],
                  invoke: {
                    id: 'previewDocument',
                    src: 'previewDocument',
                    input: ({ context }) => ({ api: context.api, name: context.name, document: context.draft, path: context.previewPath }),
                    onDone: { target: 'shown', actions: { type: 'storePreview', params: ({ event }) => event.output } },
                    onError: [
                      { guard: { type: 'isSignedOut', params: errorParams }, target: '#contentEditor.signedOut' },
                      { guard: { type: 'isInvalid', params: errorParams }, target: '#contentEditor.editing.changed.invalid', actions: { type: 'storeServerProblems', params: errorParams } },
                      { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
                    ],
                  },
                },
                shown: {
                  on: { 'preview.page': { target: 'rendering', actions: { type: 'storePreviewPath', params: ({ event }) => ({ path: event.path }) } } },
                  initial: 'wide',
                  states: {
                    wide: { on: { 'preview.narrow': 'narrow' } },
                    narrow: { on: { 'preview.widen': 'wide' } },
                  },
                },
                failed: {
                  entry: 'focusStatus',
                  on: { 'preview.retry': 'rendering' },
                },
              },
            },
            publishing: {
              on: {
                'note.change': { actions: { type: 'storeNote', params: ({ event }) => ({ note: event.note }) } },
                'publishAt.change': { actions: { type: 'storePublishAt', params: ({ event }) => ({ value: event.value }) } },
              },
              initial: 'noting',
              states: {
                noting: {
                  entry: 'focusNote',
                  on: AT_REST,
                },
                /** The time is missing, not a time, or refused by the server: said beside the field. */
                timeInvalid: {
                  entry: 'focusPublishAt',
                  on: AT_REST,
                },
                scheduling: {
                  tags: ['busy'],
                  entry: 'clearProblem',
                  invoke: {
                    id: 'scheduleDocument',
                    src: 'scheduleDocument',
                    input: ({ context }) => ({ api: context.api, name: context.name, document: context.draft, baseRevision: context.live?.revision ?? 0, note: context.note, publishAt: zonedTimeToIso(context.publishAt, context.timeZone) }),
                    onDone: { target: '#contentEditor.editing.scheduled', actions: { type: 'storeScheduled', params: ({ event }) => event.output } },
                    onError: [
                      { guard: { type: 'isSignedOut', params: errorParams }, target: '#contentEditor.signedOut' },
                      { guard: { type: 'isConflict', params: errorParams }, target: '#contentEditor.editing.changed.conflict', actions: { type: 'storeConflict', params: errorParams } },
                      { guard: { type: 'isInvalid', params: errorParams }, target: '#contentEditor.editing.changed.invalid', actions: { type: 'storeServerProblems', params: errorParams } },
                      { guard: { type: 'isTimeRefused', params: errorParams }, target: 'timeInvalid', actions: { type: 'storeTimeRefused', params: errorParams } },
                      { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
                    ],
                  },
                },
                sending: {
                  tags: ['busy'],
                  entry: 'clearProblem',
                  invoke: {
                    id: 'publishDocument',
                    src: 'publishDocument',
                    input: ({ context }) => ({ api: context.api, name: context.name, document: context.draft, baseRevision: context.live?.revision ?? 0, note: context.note }),
                    onDone: { target: '#contentEditor.editing.published', actions: { type: 'storePublished', params: ({ event }) => event.output } },
                    onError: [
                      { guard: { type: 'isSignedOut', params: errorParams }, target: '#contentEditor.signedOut' },
                      { guard: { type: 'isConflict', params: errorParams }, target: '#contentEditor.editing.changed.conflict', actions: { type: 'storeConflict', params: errorParams } },
                      { guard: { type: 'isInvalid', params: errorParams }, target: '#contentEditor.editing.changed.invalid', actions: { type: 'storeServerProblems', params: errorParams } },
                      { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
                    ],
                  },
                },
                failed: {
                  entry: 'focusStatus',
                  on: AT_REST,
                },
              },
            },
            /** Someone published this document since the draft's revision. */
            conflict: {
              entry: 'focusStatus',
              on: {
                'conflict.loadTheirs': '#contentEditor.loading',
                'conflict.keepMine': { target: 'dirty', actions: 'rebase' },
              },
            },
          },
        },
      },
    },
  },
});
