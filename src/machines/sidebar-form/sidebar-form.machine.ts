// The sidebar panel's form, to the plugin's flow: editing → (the browser's check) → sending
// (the button reads "Sending"; a second submit does nothing) → sent ("Your message was
// successfully sent!" with Send more and Close, then on to the form's page when it has one) or
// failed ("Something went wrong while sending your message" with Try again and Close) for a
// refused message and a network failure alike. Send more brings back an empty form, Try again
// the form as typed with the server's messages beside its fields, Close closes the panel and
// brings the form back for next time. Every send uses up the human test's question.
import { assign, emit, enqueueActions, setup } from 'xstate';
import { navigate } from '../../services/shared/navigate.actor.ts';
import type { SendAnswer } from '../../services/sidebar-form/sidebar-form-api.client.ts';
import { sendMessage } from '../../services/sidebar-form/sidebar-form.actor.ts';
import {
  createSidebarFormContext,
  fieldErrorsOf,
  isSentAnswer,
  problemsOf,
  sidebarEntries,
  type SidebarFormContext,
  type SidebarFormEmitted,
  type SidebarFormEvent,
  type SidebarFormInput,
} from './sidebar-form-data.ts';
import { SIDEBAR_REDIRECT_DELAY_MS } from './sidebar.constants.ts';

export const sidebarFormMachine = setup({
  types: {
    input: {} as SidebarFormInput,
    context: {} as SidebarFormContext,
    events: {} as SidebarFormEvent,
    emitted: {} as SidebarFormEmitted,
  },
  actors: { sendMessage, navigate },
  guards: {
    hasProblems: ({ context }) => Object.keys(problemsOf(context)).length > 0,
    isSent: (_, answer: SendAnswer) => isSentAnswer(answer),
    hasRedirect: ({ context }) => context.form.redirect !== null,
    hasErrors: ({ context }) => Object.keys(context.errors).length > 0,
  },
  actions: {
    storeInput: assign(({ context }, input: { name: string; value: string }) => ({ values: { ...context.values, [input.name]: input.value } })),
    storeQuestion: assign((_, params: Pick<SidebarFormContext, 'question'>) => params),
    showProblems: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ errors: problemsOf(context) });
      // GOV.UK: after a failed submit the error summary takes the focus.
      enqueue.emit({ type: 'focus.summary' });
    }),
    clearErrors: assign({ errors: {} }),
    clearValues: assign({ values: {} }),
    storeServerErrors: assign(({ context }, answer: SendAnswer) => ({ errors: fieldErrorsOf(context, answer) })),
    spendQuestion: emit({ type: 'question.spent' } as const),
    focusResult: emit({ type: 'focus.result' } as const),
    focusForm: emit({ type: 'focus.form' } as const),
    focusSummary: emit({ type: 'focus.summary' } as const),
    closePanel: emit({ type: 'panel.close' } as const),
    logError: (_, problem: { error: unknown }) => console.error(problem.error),
  },
  delays: { redirectDelay: SIDEBAR_REDIRECT_DELAY_MS },
}).createMachine({
  id: 'sidebarForm',
  context: ({ input }) => createSidebarFormContext(input),
  initial: 'editing',
  states: {
    editing: {
      tags: ['interactive'],
      on: {
        'field.input': { actions: { type: 'storeInput', params: ({ event }) => ({ name: event.name, value: event.value }) } },
        'form.submit': { target: 'validating', actions: { type: 'storeQuestion', params: ({ event }) => ({ question: event.question }) } },
      },
    },
    validating: {
      always: [{ guard: 'hasProblems', target: 'editing', actions: 'showProblems' }, { target: 'sending' }],
    },
    sending: {
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => ({ entries: sidebarEntries(context) }),
        onDone: [
          { guard: { type: 'isSent', params: ({ event }) => event.output }, target: 'sent', actions: ['clearValues', 'spendQuestion'] },
          { target: 'failed', actions: [{ type: 'storeServerErrors', params: ({ event }) => event.output }, 'spendQuestion'] },
        ],
        onError: { target: 'failed', actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'spendQuestion'] },
      },
    },
    sent: {
      tags: ['result', 'success'],
      entry: 'focusResult',
      on: {
        'result.more': { target: 'editing', actions: 'focusForm' },
        'result.close': { target: 'editing', actions: 'closePanel' },
      },
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasRedirect', target: 'leaving' }, { target: 'staying' }] },
        staying: {},
        /** The success text shows a moment, then the form's page (the site's thank-you page). */
        leaving: { after: { redirectDelay: 'redirecting' } },
        redirecting: {
          invoke: { id: 'navigate', src: 'navigate', input: ({ context }) => ({ url: context.form.redirect ?? '/' }) },
        },
      },
    },
    failed: {
      tags: ['result', 'failure'],
      entry: 'focusResult',
      on: {
        'result.retry': [
          { guard: 'hasErrors', target: 'editing', actions: 'focusSummary' },
          { target: 'editing', actions: 'focusForm' },
        ],
        'result.close': { target: 'editing', actions: 'closePanel' },
      },
    },
  },
});
