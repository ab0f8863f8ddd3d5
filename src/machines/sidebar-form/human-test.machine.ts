// The sidebar form's human test, "a + b = ?": the question comes from the server with a signed
// challenge (the server checks the answer too). It is asked for when the form first shows, asked
// again when an answer has used it up (`question.renew`, after every send) and before its
// challenge would expire; a question that could not be fetched can be asked for again.
import { assign, setup } from 'xstate';
import type { HumanTestQuestion } from '../../services/sidebar-form/sidebar-form-api.client.ts';
import { fetchHumanTest } from '../../services/sidebar-form/sidebar-form.actor.ts';
import { HUMAN_TEST_RENEW_MS } from './sidebar.constants.ts';

export interface HumanTestContext {
  question: HumanTestQuestion | null;
}

export type HumanTestEvent = { type: 'question.renew' } | { type: 'question.retry' };

export const humanTestMachine = setup({
  types: {
    context: {} as HumanTestContext,
    events: {} as HumanTestEvent,
  },
  actors: { fetchHumanTest },
  actions: {
    storeQuestion: assign((_, question: HumanTestQuestion) => ({ question })),
    dropQuestion: assign({ question: null }),
    logError: (_, problem: { error: unknown }) => console.error(problem.error),
  },
  delays: { questionRenewal: HUMAN_TEST_RENEW_MS },
}).createMachine({
  id: 'humanTest',
  context: { question: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      entry: 'dropQuestion',
      invoke: {
        id: 'fetchHumanTest',
        src: 'fetchHumanTest',
        onDone: { target: 'ready', actions: { type: 'storeQuestion', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      after: { questionRenewal: 'loading' },
      on: { 'question.renew': 'loading' },
    },
    /** No question: the form cannot be sent until the visitor asks again. */
    failed: {
      on: { 'question.retry': 'loading' },
    },
  },
});
