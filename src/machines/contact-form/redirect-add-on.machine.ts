// What happens after a contact message is sent, as the "Redirection for Contact Form 7" add-on
// does it, in its order: each FireScript handler after its delay (ms), then each popup (opened
// 1 s after, closed by its button or Escape, removed 4 s after closing, its class on the body
// until then), then PayPal after its delay (ms), then each redirect after its delay (s): a
// hidden form posted in this tab, this tab sent on, or a new tab (with a link to follow when the
// browser blocks it). Leaving the page ends it. The API actions ran on the server already.
import { assign, emit, setup } from 'xstate';
import type { AddOnPlan } from '../../services/contact-form/redirect-add-on.answer.ts';
import { bodyClass, fireScript, openTab } from '../../services/contact-form/redirect-add-on.actor.ts';
import { navigate } from '../../services/shared/navigate.actor.ts';
import { pageInert } from '../../services/shared/page-inert.actor.ts';
import { POPUP_ELEMENT_ID, POPUP_OPEN_DELAY_MS, POPUP_REMOVE_DELAY_MS } from './redirect-add-on.constants.ts';

export interface RedirectAddOnInput {
  plan: AddOnPlan;
}

export interface RedirectAddOnContext {
  plan: AddOnPlan;
  /** The entry of the current list being worked on. */
  step: number;
}

export type RedirectAddOnEvent = { type: 'popup.close' } | { type: 'blocked.dismiss' };

/** Signals to the view: focus the popup as it opens, give the focus back as it closes; post the hidden form. */
export type RedirectAddOnEmitted = { type: 'focus.popup' } | { type: 'focus.return' } | { type: 'form.post' };

const current = <K extends keyof AddOnPlan>(context: RedirectAddOnContext, list: K): AddOnPlan[K][number] | undefined => context.plan[list][context.step];

export const redirectAddOnMachine = setup({
  types: {
    input: {} as RedirectAddOnInput,
    context: {} as RedirectAddOnContext,
    events: {} as RedirectAddOnEvent,
    emitted: {} as RedirectAddOnEmitted,
  },
  // The body's classes: the popup's template while it is on the page, `modal-popup-open` while it is open.
  actors: { fireScript, openTab, templateClass: bodyClass, openClass: bodyClass, navigate, pageInert },
  guards: {
    hasEntry: ({ context }, params: { list: keyof AddOnPlan }) => context.step < context.plan[params.list].length,
    isPost: ({ context }) => current(context, 'redirects')?.post_fields !== undefined,
    isNewTab: ({ context }) => current(context, 'redirects')?.type === 'new_tab',
    isOpened: (_, opened: boolean) => opened,
  },
  actions: {
    nextStep: assign(({ context }) => ({ step: context.step + 1 })),
    firstStep: assign({ step: 0 }),
    focusPopup: emit({ type: 'focus.popup' } as const),
    returnFocus: emit({ type: 'focus.return' } as const),
    postForm: emit({ type: 'form.post' } as const),
  },
  delays: {
    scriptDelay: ({ context }) => current(context, 'scripts')?.delay_redirect ?? 0,
    popupOpenDelay: POPUP_OPEN_DELAY_MS,
    popupRemoveDelay: POPUP_REMOVE_DELAY_MS,
    paypalDelay: ({ context }) => current(context, 'paypal')?.delay ?? 0,
    redirectDelay: ({ context }) => (current(context, 'redirects')?.delay ?? 0) * 1000,
  },
}).createMachine({
  id: 'redirectAddOn',
  context: ({ input }) => ({ plan: input.plan, step: 0 }),
  initial: 'scripts',
  states: {
    scripts: {
      initial: 'next',
      states: {
        next: {
          always: [
            { guard: { type: 'hasEntry', params: { list: 'scripts' } }, target: 'waiting' },
            { target: '#redirectAddOn.popups', actions: 'firstStep' },
          ],
        },
        waiting: { after: { scriptDelay: 'running' } },
        running: {
          invoke: {
            id: 'fireScript',
            src: 'fireScript',
            input: ({ context }) => ({ handler: current(context, 'scripts')?.handler ?? '' }),
            onDone: { target: 'next', actions: 'nextStep' },
            onError: { target: 'next', actions: 'nextStep' },
          },
        },
      },
    },
    popups: {
      initial: 'next',
      states: {
        next: {
          always: [
            { guard: { type: 'hasEntry', params: { list: 'popups' } }, target: 'shown' },
            { target: '#redirectAddOn.paypal', actions: 'firstStep' },
          ],
        },
        /** On the page (the template's class on the body) from its arrival to its removal. */
        shown: {
          invoke: { id: 'templateClass', src: 'templateClass', input: ({ context }) => ({ className: current(context, 'popups')?.['template-name'] ?? 'wpcf7r-popup' }) },
          initial: 'arriving',
          states: {
            arriving: { after: { popupOpenDelay: 'open' } },
            open: {
              tags: ['popup'],
              entry: 'focusPopup',
              // A modal dialog: the rest of the page is inert while it is open.
              invoke: [
                { id: 'openClass', src: 'openClass', input: { className: 'modal-popup-open' } },
                { id: 'pageInert', src: 'pageInert', input: { keepId: POPUP_ELEMENT_ID } },
              ],
              on: { 'popup.close': { target: 'fading', actions: 'returnFocus' } },
            },
            fading: { tags: ['fading'], after: { popupRemoveDelay: '#redirectAddOn.popups.next' } },
          },
          exit: 'nextStep',
        },
      },
    },
    paypal: {
      initial: 'next',
      states: {
        next: {
          always: [
            { guard: { type: 'hasEntry', params: { list: 'paypal' } }, target: 'waiting' },
            { target: '#redirectAddOn.redirects', actions: 'firstStep' },
          ],
        },
        waiting: { after: { paypalDelay: '#redirectAddOn.leaving.toPaypal' } },
      },
    },
    redirects: {
      initial: 'next',
      states: {
        next: {
          always: [{ guard: { type: 'hasEntry', params: { list: 'redirects' } }, target: 'waiting' }, { target: '#redirectAddOn.done' }],
        },
        waiting: {
          after: {
            redirectDelay: [
              { guard: 'isPost', target: '#redirectAddOn.leaving.posting' },
              { guard: 'isNewTab', target: 'openingTab' },
              { target: '#redirectAddOn.leaving.redirecting' },
            ],
          },
        },
        openingTab: {
          invoke: {
            id: 'openTab',
            src: 'openTab',
            input: ({ context }) => ({ url: current(context, 'redirects')?.redirect_url ?? '' }),
            onDone: [
              { guard: { type: 'isOpened', params: ({ event }) => event.output }, target: 'next', actions: 'nextStep' },
              { target: 'blocked' },
            ],
            onError: { target: 'blocked' },
          },
        },
        /** The browser kept the tab from opening: the visitor gets the link instead. */
        blocked: {
          tags: ['blocked'],
          on: { 'blocked.dismiss': { target: 'next', actions: 'nextStep' } },
        },
      },
    },
    /** The page is left: nothing after this runs. */
    leaving: {
      initial: 'redirecting',
      states: {
        toPaypal: { invoke: { id: 'navigate', src: 'navigate', input: ({ context }) => ({ url: current(context, 'paypal')?.redirect_url ?? '' }) } },
        redirecting: { invoke: { id: 'navigate', src: 'navigate', input: ({ context }) => ({ url: current(context, 'redirects')?.redirect_url ?? '' }) } },
        posting: { tags: ['posting'], entry: 'postForm' },
      },
    },
    done: { type: 'final' },
  },
});
