// sidebarForm, walked through the real <SidebarFormView> along every edge of the production
// machine's graph: the empty form refused by the browser's check (the plugin's messages beside
// the fields, the GOV.UK summary focused), a complete message sent ("Sending"), then sent (on
// to the thank-you page, or staying for a form without a redirect), refused by the server (its
// messages beside the fields after Try again), refused as spam or lost on the network (the text
// kept for Try again), Send more and Close. The human test's question is there at once.
import { screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { sidebarContact } from '../../support/site-content.ts';
import type { SidebarContactForm } from '../../../content/structs/sidebar-contact.struct.ts';
import { fieldsOf } from '../../../src/machines/sidebar-form/sidebar-form-data.ts';
import { sidebarFormMachine } from '../../../src/machines/sidebar-form/sidebar-form.machine.ts';
import { SidebarApiError, type SendAnswer } from '../../../src/services/sidebar-form/sidebar-form-api.client.ts';
import { SIDEBAR_FIELD } from '../../../src/validation/sidebar-form/index.ts';
import { SidebarFormView } from '../../../src/views/sidebar-form/sidebar-form.view.tsx';
import { expectErrorSummary } from '../../support/govuk-errors.ts';
import { instantHumanTest, QUESTION, sidebarControl, sidebarSubmit, typeInto, VALID_MESSAGE } from '../../support/sidebar-form-page.ts';
import {
  describeModel,
  fakeCallbackActor,
  fakePromiseActor,
  settleEffectsFirst,
  type ActorCompletionEvent,
  type FakeCallbackActor,
  type FakePromiseActor,
  type StepExecutor,
} from '../harness/index.ts';

type Machine = typeof sidebarFormMachine;
type Snapshot = SnapshotFrom<Machine>;

const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
const { texts } = sidebarContact;
const HEADING = 'ncf-sidebar-heading';
let closes = 0;

const resultArea = () => document.querySelector<HTMLElement>('.ncf_form_result')!;
const resultMessage = () => document.querySelector<HTMLElement>('.ncf_form_res_message')!;
const formElement = () => document.querySelector<HTMLFormElement>('form.ncf_form')!;
const summary = () => document.querySelector<HTMLElement>('.error-summary')!;
const filled = (snapshot: Snapshot) => VALID_MESSAGE.filter(([name]) => (snapshot.context.values[name] ?? '') !== '').length;

const sent = (answer: SendAnswer): ActorCompletionEvent => ({ type: 'xstate.done.actor.sendMessage', output: answer });
const REFUSED_ANSWER: SendAnswer = { success: false, result: false, message: 'Message not sent: one or more fields need attention.', errors: { [SIDEBAR_FIELD.answer]: '* Wrong Answer' } };

const events: Record<string, StepExecutor<Machine>> = {
  'field.input': async ({ event, user }) => {
    const { name, value } = event as { name: string; value: string };
    await typeInto(user, sidebarControl(document, name), value);
  },
  'form.submit': async ({ to, user }) => {
    await user.click(sidebarSubmit(document));
    if (to.matches('editing')) await waitFor(() => expect(summary()).toHaveFocus());
  },
  'result.more': async ({ user }) => {
    await user.click(screen.getByRole('button', { name: texts.sendMore }));
    // An empty form again, the focus on its first field.
    await waitFor(() => expect(sidebarControl(document, SIDEBAR_FIELD.name)).toHaveFocus());
  },
  'result.retry': async ({ to, user }) => {
    await user.click(screen.getByRole('button', { name: texts.tryAgain }));
    // The server's messages are shown as the browser's are: the summary takes the focus.
    const target = Object.keys(to.context.errors).length > 0 ? summary() : sidebarControl(document, SIDEBAR_FIELD.name);
    await waitFor(() => expect(target).toHaveFocus());
  },
  'result.close': async ({ user }) => {
    const before = closes;
    await user.click(screen.getByRole('button', { name: texts.close }));
    expect(closes).toBe(before + 1);
  },
};

function describeFormModel(variant: string, form: SidebarContactForm) {
  describeModel({
    machine: sidebarFormMachine,
    variant,
    input: { content: sidebarContact, form },
    eventSamples: [
      ...VALID_MESSAGE.map(([name, value]) => ({ type: 'field.input' as const, name, value })),
      { type: 'form.submit', question: QUESTION },
      sent({ success: true, result: true }),
      sent(REFUSED_ANSWER),
      sent({ success: false, result: false, message: 'Message not sent. An unknown error occurred.' }),
      { type: 'xstate.error.actor.sendMessage', error: new SidebarApiError('Failed to fetch') },
    ],
    serializeState: (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, filled: filled(snapshot), errors: Object.keys(snapshot.context.errors).sort() }),
    // Effects settle first; the visitor fills the fields in order and sends the empty form or the complete one.
    filterEvents: (snapshot, event) => {
      const settled = settleEffectsFirst(snapshot, event);
      if (settled !== undefined) return settled;
      if (!snapshot.matches('editing')) return !event.type.startsWith('xstate.') || event.type.startsWith('xstate.after.');
      const count = filled(snapshot);
      if (event.type === 'field.input') return event.name === VALID_MESSAGE[count]?.[0];
      if (event.type === 'form.submit') return count === VALID_MESSAGE.length || (count === 0 && Object.keys(snapshot.context.errors).length === 0);
      return false;
    },
    fakes: { sendMessage: () => fakePromiseActor(), navigate: () => fakeCallbackActor() },
    render: (props) => (
      <>
        <h2 id={HEADING}>{sidebarContact.heading}</h2>
        <SidebarFormView content={sidebarContact} form={form} headingId={HEADING} onClose={() => (closes += 1)} humanTestLogic={instantHumanTest} {...props} />
      </>
    ),
    events,
    states: {
      editing: ({ snapshot }) => {
        const { context } = snapshot;
        expect(formElement()).toBeVisible();
        expect(formElement()).toHaveAccessibleName(sidebarContact.heading);
        expect(resultArea()).not.toBeVisible();
        expect(sidebarSubmit(document)).toHaveTextContent(texts.send);
        expect(sidebarSubmit(document)).not.toHaveAttribute('aria-disabled');
        for (const [name] of VALID_MESSAGE) expect(sidebarControl(document, name).value).toBe(context.values[name] ?? '');
        // Each message beside its field, above the control (GOV.UK), and in the summary.
        for (const field of fieldsOf(context)) {
          const control = sidebarControl(document, field.name);
          const message = context.errors[field.name];
          expect(control).toHaveAttribute('aria-invalid', message ? 'true' : 'false');
          if (message) expect(document.getElementById(`ncf-form-1-ve-${field.name}`)).toHaveTextContent(`Error: ${message}`);
        }
        expectErrorSummary(document.body, Object.values(context.errors));
      },
      sending: ({ fakes, snapshot }) => {
        expect(sidebarSubmit(document)).toHaveTextContent(texts.sending);
        expect(sidebarSubmit(document)).toHaveAttribute('aria-disabled', 'true');
        expect(formElement()).toHaveAttribute('aria-busy', 'true');
        const { input } = (fakes.sendMessage as FakePromiseActor<SendAnswer, { entries: Array<[string, string]> }>).pending!;
        expect(input.entries).toEqual([[SIDEBAR_FIELD.formIndex, String(snapshot.context.form.index)], ...VALID_MESSAGE, [SIDEBAR_FIELD.challenge, QUESTION.challenge]]);
      },
      sent: async () => {
        expect(formElement()).not.toBeVisible();
        expect(resultArea()).toBeVisible();
        expect(resultMessage()).toHaveTextContent(form.success);
        expect(resultMessage()).toHaveAttribute('role', 'status');
        await waitFor(() => expect(resultMessage()).toHaveFocus());
        expect(within(resultArea()).getByRole('button', { name: texts.sendMore })).toBeVisible();
        expect(within(resultArea()).getByRole('button', { name: texts.close })).toBeVisible();
        // The form is empty for the next message.
        expect(sidebarControl(document, SIDEBAR_FIELD.name).value).toBe('');
      },
      'sent.staying': ({ fakes }) => expect((fakes.navigate as FakeCallbackActor).running).toBeUndefined(),
      'sent.leaving': ({ fakes }) => expect((fakes.navigate as FakeCallbackActor).running).toBeUndefined(),
      'sent.redirecting': ({ fakes }) => expect((fakes.navigate as FakeCallbackActor<{ url: string }>).running?.input).toEqual({ url: form.redirect }),
      failed: async () => {
        expect(formElement()).not.toBeVisible();
        expect(resultMessage()).toHaveTextContent(texts.failed);
        expect(resultMessage()).toHaveAttribute('role', 'alert');
        await waitFor(() => expect(resultMessage()).toHaveFocus());
        expect(within(resultArea()).getByRole('button', { name: texts.tryAgain })).toBeVisible();
        expect(within(resultArea()).getByRole('button', { name: texts.close })).toBeVisible();
        // Nothing typed is lost: Try again brings it back.
        expect(sidebarControl(document, SIDEBAR_FIELD.message).value).toBe(VALID_MESSAGE[2]![1]);
        expect(consoleError.mock.calls.every(([first]) => first instanceof SidebarApiError)).toBe(true);
      },
    },
  });
}

describeFormModel('with a redirect', sidebarContact.forms[0]!);
describeFormModel('staying in the panel', { ...sidebarContact.forms[0]!, redirect: null });
