// The home page's project popup: a card's link opens its project in a modal dialog whose content
// is loaded on demand from the project's page (a spinner meanwhile; on failure the error text
// and a link to the page itself). While it is open the address is the project's page (a new
// history entry): Back closes it, Forward opens it again. Escape or the close button close it
// and leave that entry; either way the focus goes back to the card's link once the browser has
// moved back (its scroll to the entry's fragment would take the focus away again).
import { assign, emit, setup } from 'xstate';
import { modalDialog } from '../../services/shared/modal-dialog.actor.ts';
import { projectDetail } from '../../services/projects/project-detail.actor.ts';
import { leavePopupAddress, projectHistory, pushPopupAddress } from '../../services/projects/project-history.actor.ts';
import { POPUP_LEAVE_TIMEOUT_MS } from '../shared/theme.constants.ts';

export interface ProjectPopupInput {
  /** The id of the popup's <dialog>. */
  dialogId: string;
}

export interface ProjectPopupContext extends ProjectPopupInput {
  /** The project shown (or last shown): its slug. */
  slug: string | null;
  /** The loaded part of the project's page. */
  detail: string | null;
}

export type ProjectPopupEvent =
  | { type: 'project.open'; slug: string }
  | { type: 'dialog.closed' }
  // From projectHistory: the visitor moved through the history; `slug` is the popup's project of
  // the entry now current, or null.
  | { type: 'history.moved'; slug: string | null };

export const projectPopupMachine = setup({
  types: {
    input: {} as ProjectPopupInput,
    context: {} as ProjectPopupContext,
    events: {} as ProjectPopupEvent,
    emitted: {} as { type: 'popup.closed'; slug: string },
  },
  actors: { modalDialog, projectDetail, projectHistory },
  actions: {
    choose: assign((_, params: { slug: string | null }) => ({ slug: params.slug, detail: null })),
    keepDetail: assign((_, detail: string) => ({ detail })),
    pushAddress: (_, params: { slug: string }) => pushPopupAddress(params.slug),
    leaveAddress: () => leavePopupAddress(),
    giveFocusBack: emit(({ context }) => ({ type: 'popup.closed' as const, slug: context.slug ?? '' })),
  },
  delays: { POPUP_LEAVE_TIMEOUT_MS },
  guards: {
    hasProject: (_, params: { slug: string | null }) => params.slug !== null,
    /** An entry that is not a popup's: the page's own address. */
    isPageEntry: (_, params: { slug: string | null }) => params.slug === null,
  },
}).createMachine({
  id: 'projectPopup',
  context: ({ input }) => ({ ...input, slug: null, detail: null }),
  invoke: { id: 'projectHistory', src: 'projectHistory' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'project.open': {
          target: 'open',
          actions: [
            { type: 'choose', params: ({ event }) => ({ slug: event.slug }) },
            { type: 'pushAddress', params: ({ event }) => ({ slug: event.slug }) },
          ],
        },
        // Forward, back onto a popup's entry: the popup opens again (the entry is already there).
        'history.moved': {
          guard: { type: 'hasProject', params: ({ event }) => ({ slug: event.slug }) },
          target: 'open',
          actions: { type: 'choose', params: ({ event }) => ({ slug: event.slug }) },
        },
      },
    },
    open: {
      tags: ['open'],
      invoke: { id: 'modalDialog', src: 'modalDialog', input: ({ context }) => ({ dialogId: context.dialogId }) },
      on: {
        'dialog.closed': { target: 'leaving', actions: 'leaveAddress' },
        // Back, off the popup's entry.
        'history.moved': {
          guard: { type: 'isPageEntry', params: ({ event }) => ({ slug: event.slug }) },
          target: 'closed',
          actions: 'giveFocusBack',
        },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'projectDetail',
            src: 'projectDetail',
            input: ({ context }) => ({ slug: context.slug ?? '' }),
            onDone: { target: 'loaded', actions: { type: 'keepDetail', params: ({ event }) => event.output } },
            onError: { target: 'failed' },
          },
        },
        loaded: { tags: ['loaded'] },
        failed: { tags: ['failed'] },
      },
    },
    /** Closed by the visitor; the browser goes back to the page's own entry. */
    leaving: {
      on: {
        'history.moved': { target: 'closed', actions: 'giveFocusBack' },
      },
      // Should the browser not report the move (no entry to go back to), the popup still ends.
      after: { POPUP_LEAVE_TIMEOUT_MS: { target: 'closed', actions: 'giveFocusBack' } },
    },
  },
});
