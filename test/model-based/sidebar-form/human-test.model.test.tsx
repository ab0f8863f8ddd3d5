// humanTest, walked through the real <SidebarFormView> (whose answer field it labels) along
// every edge of the production machine's graph: the question arrives or cannot be fetched (and
// is asked for again), is asked again before its challenge would expire, and after a message
// was sent with it (a real send through the form, answered at once).
import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { sidebarContact } from '../../support/site-content.ts';
import { humanTestMachine } from '../../../src/machines/sidebar-form/human-test.machine.ts';
import { SidebarApiError } from '../../../src/services/sidebar-form/sidebar-form-api.client.ts';
import { SIDEBAR_FIELD } from '../../../src/validation/sidebar-form/index.ts';
import { SidebarFormView } from '../../../src/views/sidebar-form/sidebar-form.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';
import { fillValidMessage, instantSidebarForm, QUESTION, sidebarControl, sidebarSubmit } from '../../support/sidebar-form-page.ts';

// A question that cannot be fetched is logged; the test checks it, and keeps the output clean.
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});

const form = sidebarContact.forms[0]!;
const { texts } = sidebarContact;
const formLogic = instantSidebarForm({ success: true, result: true });
const answerLabel = () => document.getElementById(`ncf-form-1-${SIDEBAR_FIELD.answer}-label`)!;
const answerInput = () => sidebarControl(document, SIDEBAR_FIELD.answer);

describeModel({
  machine: humanTestMachine,
  eventSamples: [
    { type: 'xstate.done.actor.fetchHumanTest', output: QUESTION },
    { type: 'xstate.error.actor.fetchHumanTest', error: new SidebarApiError('HTTP 503: the answer is not JSON', 503) },
  ],
  fakes: { fetchHumanTest: () => fakePromiseActor() },
  render: ({ logic, inspect }) => (
    <>
      <h2 id="ncf-sidebar-heading">{sidebarContact.heading}</h2>
      <SidebarFormView content={sidebarContact} form={form} headingId="ncf-sidebar-heading" onClose={() => undefined} logic={formLogic} humanTestLogic={logic} humanTestInspect={inspect} />
    </>
  ),
  events: {
    'question.retry': ({ user }) => user.click(screen.getByRole('button', { name: texts.questionRetry })),
    // A message sent with the question uses it up: the form asks for the next one.
    'question.renew': async ({ user }) => {
      const more = screen.queryByRole('button', { name: texts.sendMore });
      if (more) await user.click(more);
      await fillValidMessage(user);
      await user.click(sidebarSubmit(document));
      await screen.findByText(form.success);
    },
  },
  states: {
    loading: ({ fakes }) => {
      expect(answerLabel()).toHaveTextContent(texts.questionLoading);
      expect(document.querySelector('.ncf-human-test')).toHaveAttribute('aria-busy', 'true');
      expect((fakes.fetchHumanTest as FakePromiseActor).pending).toBeDefined();
      expect(screen.queryByRole('button', { name: texts.questionRetry })).toBeNull();
    },
    ready: async () => {
      // The question is the answer field's label: "3 + 4 = ?".
      await waitFor(() => expect(answerLabel()).toHaveTextContent(QUESTION.text));
      expect(answerInput()).toHaveAttribute('maxlength', '2');
      expect(document.querySelector('.ncf-human-test')).toHaveAttribute('aria-busy', 'false');
    },
    failed: () => {
      expect(consoleError).toHaveBeenCalledWith(expect.any(SidebarApiError));
      expect(answerLabel()).toHaveTextContent(texts.questionFailed);
      const retry = screen.getByRole('button', { name: texts.questionRetry });
      expect(retry).toBeVisible();
      // The field names the way out.
      expect(answerInput().getAttribute('aria-describedby')).toContain(retry.parentElement!.id);
    },
  },
});
