// contactForm, walked through the real <ContactFormView> along every edge of the production
// machine's graph: the page form (reCAPTCHA, redirect to /thank-you/), a form with every field
// type (quiz and captcha refilled on load, no reCAPTCHA, no redirect), and the three ways the
// plugin refuses to start (misplaced, no `wpcf7`, no `wpcf7.api`). Every invoked actor is a
// controllable fake; the visitor's steps go through user-event.
import { act } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fromCallback, type AnyMachineSnapshot, type EventObject, type SnapshotFrom } from 'xstate';
import { contactForm, type FormDefinition } from '../../content/forms/index.ts';
import { contactFormMachine } from '../../src/machines/contact-form.machine.ts';
import { formStatusOf, summaryErrorsOf } from '../../src/machines/contact-form.selectors.ts';
import { statusTag } from '../../src/machines/contact-form-status.ts';
import { characterCount, textOf } from '../../src/machines/contact-form-values.ts';
import { Cf7ApiError, FETCH_ERROR_MESSAGE } from '../../src/services/cf7-api.client.ts';
import type { FeedbackResponse } from '../../src/services/cf7-api.types.ts';
import { MISSING_WPCF7, MISSING_WPCF7_API, siteWpcf7 } from '../../src/services/wpcf7-config.service.ts';
import { ContactFormView } from '../../src/views/contact-form.view.tsx';
import { counterMessage } from '../../src/views/form-fields/character-counter.view.tsx';
import { InsideContactForm } from '../../src/views/form-fields/form-nesting-context.ts';
import {
  cf7Answer,
  control,
  formElement,
  hiddenValue as hidden,
  liveStatus,
  recordCf7Events,
  responseOutput,
  spinner,
  submitButton,
  wrapper,
} from '../support/contact-form-page.ts';
import { expectErrorSummary, expectFieldError } from '../support/govuk-errors.ts';
import { everyFieldForm } from '../unit/contact-form-fixture.ts';
import { redirectAddOnMachine } from '../../src/machines/redirect-add-on.machine.ts';
import {
  activeStateNodes,
  describeModel,
  fakePromiseActor,
  invokedActors,
  settleEffectsFirst,
  type ActorCompletionEvent,
  type FakeActor,
  type FakePromiseActor,
  type ModelConfig,
  type StateAssertion,
  type StepExecutor,
} from './harness/index.ts';

type Machine = typeof contactFormMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = Parameters<NonNullable<ModelConfig<Machine>['filterEvents']>>[1] | ActorCompletionEvent;

// The machine logs to the console by design (missing configuration, failed requests); the spy
// keeps the output readable and lets states check what was logged. React's own warnings fail.
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
const unexpectedConsoleErrors = () =>
  consoleError.mock.calls.filter(([first]) => typeof first === 'string' && /Warning|React|act\(/.test(first));

// The plugin's DOM events, as the rest of the page hears them.
const domEvents = recordCf7Events();
const lastDomEvent = domEvents.last;

const setup = () => {
  consoleError.mockClear();
  domEvents.clear();
};

const promise = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, Record<string, unknown>>;

const PAGE_MESSAGE = 'your-message';
const CONSENT = 'your-consent';

// --- samples ------------------------------------------------------------------------------------

const answer = (status: string, message: string, invalid: Array<[string, string]> = [], extra: Record<string, unknown> = {}): ActorCompletionEvent => ({
  type: 'xstate.done.actor.submitFeedback',
  output: cf7Answer(status, message, invalid, { posted_data_hash: status === 'mail_sent' ? 'f1e2d3' : '', ...extra }),
});

/** The redirect add-on's keys of the page form's answer: its popup, then the thank-you page. */
const ADD_ON_KEYS = {
  popup: [{ 'popup-template': '<div class="wpcf7r-modal"></div>', 'template-name': 'thank-you-popup', title: 'Message received', text: 'Thank you.', close_label: 'Close' }],
  redirect: [{ type: 'redirect', redirect_url: 'http://localhost/thank-you/', delay: 2 }],
};
/** The add-on as the form starts it, leaving no page (its own model test walks its timings). */
const quietAddOn = redirectAddOnMachine.provide({ actors: { navigate: fromCallback(() => undefined) } });

const TOO_SHORT = 'Message must be 10 characters or more';
const schema = { version: 'test', locale: 'en_ZA', rules: [{ rule: 'minlength', field: PAGE_MESSAGE, error: TOO_SHORT, threshold: 10 }] };
const answers: ActorCompletionEvent[] = [
  answer('mail_sent', contactForm.messages.mail_sent_ok, [], ADD_ON_KEYS),
  answer('validation_failed', contactForm.messages.validation_error, [
    ['your-name', 'Enter your full name'],
    ['your-email', 'Enter your email address'],
  ]),
  answer('acceptance_missing', contactForm.messages.accept_terms),
  answer('spam', contactForm.messages.spam),
  answer('aborted', 'Sending was stopped.'),
  answer('mail_failed', contactForm.messages.mail_sent_ng),
  answer('payment_required', 'Payment is required.'),
  answer('needs_review', 'Your message will be reviewed.'),
];

const completions: ActorCompletionEvent[] = [
  { type: 'xstate.done.actor.browserSupport', output: { missing: null } },
  { type: 'xstate.done.actor.browserSupport', output: { missing: 'Your browser does not support window.fetch().' } },
  { type: 'xstate.error.actor.browserSupport', error: new Error('support check failed') },
  // The schema itself only travels to the (fake) validator: one rule keeps the test names short.
  { type: 'xstate.done.actor.fetchSchema', output: schema },
  { type: 'xstate.error.actor.fetchSchema', error: new Cf7ApiError('fetch_error', FETCH_ERROR_MESSAGE) },
  { type: 'xstate.done.actor.recaptchaSetup', output: { siteKey: 'site-key' } },
  { type: 'xstate.done.actor.recaptchaSetup', output: { siteKey: null } },
  { type: 'xstate.error.actor.recaptchaSetup', error: new Error('reCAPTCHA: could not load the script') },
  { type: 'xstate.done.actor.recaptchaToken', output: 'token-for-page' },
  { type: 'xstate.error.actor.recaptchaToken', error: new Error('reCAPTCHA: no token') },
  { type: 'xstate.done.actor.recaptchaSubmitToken', output: 'token-for-submission' },
  { type: 'xstate.error.actor.recaptchaSubmitToken', error: new Error('reCAPTCHA: no token') },
  { type: 'xstate.done.actor.validateFields', output: {} },
  { type: 'xstate.done.actor.validateFields', output: { [PAGE_MESSAGE]: { error: TOO_SHORT } } },
  { type: 'xstate.error.actor.validateFields', error: new Error('validation failed') },
  ...answers,
  { type: 'xstate.error.actor.submitFeedback', error: new Cf7ApiError('fetch_error', FETCH_ERROR_MESSAGE) },
  { type: 'xstate.done.actor.refill', output: { quiz: { 'quiz-math': ['2 + 3 = ?', 'hash-of-5'] }, captcha: { 'captcha-1': '/wp-content/uploads/wpcf7_captcha/4821.svg' } } },
  { type: 'xstate.error.actor.refill', error: new Cf7ApiError('fetch_error', FETCH_ERROR_MESSAGE) },
];

const visitorSamples = [
  { type: 'field.input', name: PAGE_MESSAGE, value: 'Too short' },
  { type: 'field.blur', name: PAGE_MESSAGE },
  { type: 'field.change', name: CONSENT, checked: true },
  { type: 'field.change', name: CONSENT, checked: false },
  { type: 'form.submit' },
] as const;

// --- the graph: one thing at a time -------------------------------------------------------------

/** `matches` with a dotted path (the typed `matches` wants the machine's state value shape). */
const is = (snapshot: Snapshot, path: string) => (snapshot as AnyMachineSnapshot).matches(path);

/**
 * Effects settle before the visitor's next step (the harness reads the pending actor or delay
 * from the chart), except an effect whose waiting state takes the visitor's steps itself: the
 * visitor goes on typing during a validation (a change restarts it).
 */
function effectsFirst(snapshot: Snapshot, event: Event): boolean | undefined {
  const [pending] = invokedActors(snapshot as AnyMachineSnapshot);
  const waiting = activeStateNodes(snapshot as AnyMachineSnapshot).find((node) => node.invoke.some((invoke) => String(invoke.src) === pending));
  const visitorStep = (type: string) => type.startsWith('field.');
  if (visitorStep(event.type) && waiting?.ownEvents.some(visitorStep)) return undefined;
  return settleEffectsFirst(snapshot, event as EventObject);
}

/**
 * What the page can produce: a step on a field names a sampled field, any click after typing
 * leaves the field first, text is typed into
 * an empty field (typing adds to what is there), a click turns a box to the other side, and the
 * validator answers only for the fields it was asked about.
 */
function possibleOnPage(snapshot: Snapshot, event: Event): boolean {
  const { values, edited, validationFields } = snapshot.context;
  const { type, name = '', checked, output = {} } = event as VisitorEvent & { output?: object };
  if (type === 'xstate.done.actor.validateFields') return Object.keys(output).every((field) => validationFields.includes(field));
  if (type.startsWith('field.') && name === '') return false;
  if (edited.length > 0 && (type.startsWith('field.') || type === 'form.submit')) return type === 'field.blur';
  if (type === 'field.input') return textOf(values[name]) === '';
  return type !== 'field.change' || values[name] !== checked;
}

/** The visitor fills the form in while it is plain HTML, fresh, or says what to fix (its status tags). */
const EDITED_WHILE = ['init', 'invalid'].map(statusTag);
const isEditedNow = (snapshot: Snapshot) => !snapshot.hasTag('interactive') || EDITED_WHILE.some((tag) => snapshot.hasTag(tag));

/** The steps of a variant; its paths end in `endsIn` (the form works there as it does elsewhere). */
const steps =
  (endsIn: readonly string[]) =>
  (snapshot: Snapshot, event: Event): boolean => {
    if (!snapshot.can(event as never) || !possibleOnPage(snapshot, event)) return false;
    const settled = effectsFirst(snapshot, event);
    if (settled !== undefined) return settled;
    if (endsIn.some((path) => is(snapshot, path))) return false;
    return !event.type.startsWith('field.') || isEditedNow(snapshot);
  };

const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    values: snapshot.context.values,
    errors: Object.keys(snapshot.context.errors).sort(),
    summary: Object.keys(summaryErrorsOf(snapshot.context)).length > 0,
    message: snapshot.context.message !== '',
    edited: snapshot.context.edited,
    status: formStatusOf(snapshot),
  });

// --- steps --------------------------------------------------------------------------------------

type VisitorEvent = { type: string; name?: string; value?: string; checked?: boolean };

/** Each effect is checked for what it was asked when it is answered. */
const asked: Record<string, (input: Record<string, unknown>, from: Snapshot) => void> = {
  fetchSchema: (input, { context }) => expect(input).toEqual({ api: siteWpcf7.api, formId: context.form.id }),
  refill: (input, { context }) => expect(input).toEqual({ api: siteWpcf7.api, formId: context.form.id }),
  recaptchaSetup: (input) => expect(input).toEqual({ root: siteWpcf7.api.root }),
  // `homepage` when the page is ready, `contactform` for every change and for the submission.
  recaptchaToken: (input, { context }) => expect(input).toEqual({ action: context.recaptchaAction }),
  recaptchaSubmitToken: (input) => expect(input).toEqual({ action: 'contactform' }),
  // Only the changed fields are validated, against the fetched schema.
  validateFields: (input, { context }) => {
    expect(input.fields).toEqual(context.validationFields);
    expect(input.schema).toEqual(schema);
  },
  submitFeedback: (input, { context }) => {
    const entries = new Map(input.entries as Array<[string, string]>);
    expect(entries.get('_wpcf7')).toBe(String(context.form.id));
    expect(entries.get('_wpcf7_unit_tag')).toBe(`wpcf7-f${context.form.id}-o1`);
    expect(entries.get('_wpcf7_hp_website')).toBe('');
    if (context.form.recaptcha) expect(entries.get('_wpcf7_recaptcha_response')).toBe(context.token);
  },
};

const settle =
  (outcome: 'done' | 'error'): StepExecutor<Machine> =>
  async ({ event, fakes: running, from }) => {
    const { output, error } = event as { output?: FeedbackResponse; error?: unknown };
    const id = event.type.slice(`xstate.${outcome}.actor.`.length);
    const fake = promise(running, id);
    asked[id]?.(fake.pending!.input, from);
    await act(async () => {
      if (outcome === 'done') fake.resolve(output);
      else fake.reject(error);
      await vi.advanceTimersByTimeAsync(0);
    });
    // An answer with invalid fields moves the focus to the error summary (GOV.UK).
    if ((output?.invalid_fields?.length ?? 0) > 0) {
      await vi.waitFor(() => expect(document.activeElement).toBe(document.querySelector('.error-summary')));
    }
  };

const events: Record<string, StepExecutor<Machine>> = {
  ...Object.fromEntries(Object.keys(asked).flatMap((id) => [[`xstate.done.actor.${id}`, settle('done')], [`xstate.error.actor.${id}`, settle('error')]])),
  'field.input': async ({ event, user }) => {
    const { name, value } = event as VisitorEvent;
    await user.click(control(name!));
    await user.paste(value!);
  },
  'field.blur': async ({ user }) => {
    await user.tab();
  },
  'field.change': async ({ event, user }) => {
    await user.click(control((event as VisitorEvent).name!));
  },
  'form.submit': async ({ user }) => {
    await user.click(document.querySelector<HTMLButtonElement>('button[type="submit"]')!);
  },
};

const fakes = {
  browserSupport: () => fakePromiseActor(),
  fetchSchema: () => fakePromiseActor(),
  recaptchaSetup: () => fakePromiseActor(),
  recaptchaToken: () => fakePromiseActor(),
  recaptchaSubmitToken: () => fakePromiseActor(),
  validateFields: () => fakePromiseActor(),
  submitFeedback: () => fakePromiseActor(),
  refill: () => fakePromiseActor(),
  // The real add-on, leaving no page: started by the answer, not a step of this model.
  redirectAddOn: (): FakeActor => ({ kind: 'callback', logic: quietAddOn, instances: [], running: undefined }),
};

// --- what the visitor sees ----------------------------------------------------------------------

type Check = StateAssertion<Machine>;

/** The plain HTML form: no scripts' behaviour, the browser posts it; typed values stay. */
const plainForm: Check = ({ snapshot, container }) => {
  const form = formElement(container);
  expect(wrapper(container)).toHaveClass('wpcf7', 'no-js');
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('enctype', 'multipart/form-data');
  expect(form.getAttribute('action')).toBe(`/wp-json/contact-form-7/v1/contact-forms/${snapshot.context.form.id}/feedback`);
  expect(submitButton(container)).toBeEnabled();
  for (const field of snapshot.context.form.fields) {
    if (['text', 'email', 'tel', 'url', 'textarea'].includes(field.type)) expect(control(field.name).value).toBe(snapshot.context.values[field.name]);
  }
};

/** The console says why the form stayed plain HTML, in Contact Form 7's words. */
const logged =
  (...lines: string[]): Check =>
  () => {
    const said = consoleError.mock.calls.map(([first]) => (first instanceof Error ? first.message : first));
    expect(said.some((line) => lines.includes(line as string))).toBe(true);
  };

/** Every field's error beside it (GOV.UK: message above the control, linked, aria-invalid). */
const inlineErrors: Check = ({ snapshot, container }) => {
  const { errors, form, unitTag } = snapshot.context;
  for (const field of form.fields) {
    expectFieldError(container.querySelector(`[data-name="${field.name}"]`)!.closest('.form-group')!, errors[field.name], `${unitTag}-ve-${field.name}`);
  }
};

/** The summary lists every error with a link to its field, after an answer with invalid fields. */
const errorSummary: Check = ({ snapshot, container }) => {
  const errors = summaryErrorsOf(snapshot.context);
  expectErrorSummary(container, snapshot.context.form.fields.flatMap((field) => errors[field.name] ?? []));
};

/** No validation runs in the browser: the form never shows `validating`. */
const notValidating: Check = ({ container }) => {
  expect(formElement(container)).not.toHaveClass('validating');
};

const answerShown =
  (status: string): Check =>
  ({ snapshot, container }) => {
    // A running validation shows as `validating`; the answer's status comes back after it.
    expect(formElement(container)).toHaveClass(is(snapshot, 'active.validation.validating') ? 'validating' : status);
    const response = snapshot.context.response!;
    expect(liveStatus(container)).toHaveTextContent(response.message);
    expect(responseOutput(container)).toBeVisible();
    expect(responseOutput(container)).toHaveTextContent(response.message);
    expect(lastDomEvent('wpcf7submit')?.detail.apiResponse).toEqual(response);
  };

/** Submitting: a spinner with words for screen readers; earlier errors are gone. */
const submitting: Check = ({ container }) => {
  expect(spinner(container)).toHaveClass('is-active');
  expect(spinner(container)).toHaveTextContent('Sending your message…');
  expect(formElement(container)).toHaveClass('submitting');
  expect(lastDomEvent('wpcf7beforesubmit')).toBeDefined();
};

const recaptchaToken = (container: HTMLElement) => hidden(container, '_wpcf7_recaptcha_response');

const states: Record<string, Check> = {
  misplaced: ({ container }) => {
    expect(container).toHaveTextContent('Error: This contact form is placed in the wrong place.');
    expect(formElement(container)).toBeNull();
  },
  plainForm,
  // The prerendered state: the plain form, until the page's scripts have looked at the browser.
  'plainForm.checkingSupport': plainForm,
  'plainForm.unconfigured': logged(MISSING_WPCF7, MISSING_WPCF7_API),
  'plainForm.unsupported': logged('Your browser does not support window.fetch().', 'support check failed'),
  active: (state) => {
    const { snapshot, container } = state;
    const { context } = snapshot;
    const status = formStatusOf(snapshot);
    expect(wrapper(container)).toHaveClass('wpcf7', 'js');
    // The status is the form's class and data-status, and the page heard it.
    expect(formElement(container)).toHaveClass('wpcf7-form', status);
    expect(formElement(container)).toHaveAttribute('data-status', status);
    const statusEvent = lastDomEvent('wpcf7statuschanged');
    if (statusEvent) expect(statusEvent.detail.status).toBe(status);
    else expect(status).toBe('init');
    // The submit button is disabled exactly when the machine cannot take a submission.
    expect(submitButton(container).disabled).toBe(!snapshot.can({ type: 'form.submit' }));
    expect(hidden(container, '_wpcf7')).toBe(String(context.form.id));
    expect(hidden(container, '_wpcf7_unit_tag')).toBe(`wpcf7-f${context.form.id}-o1`);
    expect(hidden(container, '_wpcf7_posted_data_hash')).toBe(context.postedDataHash);
    inlineErrors(state);
    errorSummary(state);
    expect(unexpectedConsoleErrors()).toEqual([]);
  },
  'active.fields.settled': ({ snapshot, container }) => {
    // After a pause the counter is announced once, politely.
    const field = snapshot.context.form.fields.find((candidate) => 'counter' in candidate && candidate.counter);
    if (!field || !('maxLength' in field)) return;
    const live = container.querySelector(`[data-name="${field.name}"] [aria-live="polite"]`)!;
    const announced = snapshot.context.announcedCounts[field.name];
    const count = characterCount(field as never, textOf(snapshot.context.values[field.name]).length);
    expect(live.textContent).toBe(announced === undefined ? '' : counterMessage(count));
  },
  'active.fields.typing': ({ snapshot, container }) => {
    // The visible counter follows every key; the too-short class marks a short message.
    const field = snapshot.context.form.fields.find((candidate) => candidate.name === PAGE_MESSAGE || candidate.type === 'textarea')!;
    const counter = container.querySelector(`[data-name="${field.name}"] .wpcf7-character-count`)!;
    const count = characterCount(field as never, textOf(snapshot.context.values[field.name]).length);
    expect(counter).toHaveTextContent(counterMessage(count));
    expect(counter).toHaveAttribute('aria-hidden', 'true');
    expect(counter.classList.contains('too-short')).toBe(count.tooShort);
  },
  // The rules arriving or not changes nothing the visitor sees; without them, nothing is validated.
  'active.schema.loading': notValidating,
  'active.schema.loaded': ({ snapshot, container }) => {
    // A changed field is validated: the form shows it exactly while a validation runs.
    const validating = is(snapshot, 'active.validation.validating') && is(snapshot, 'active.form.editable');
    expect(formElement(container).classList.contains('validating')).toBe(validating);
  },
  'active.schema.failed': (state) => {
    notValidating(state);
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ code: 'fetch_error' }));
  },
  'active.recaptcha.loading': ({ container }) => {
    expect(recaptchaToken(container)).toBe('');
  },
  'active.recaptcha.executing': ({ snapshot, container }) => {
    expect(recaptchaToken(container)).toBe(snapshot.context.token);
  },
  'active.recaptcha.ready': ({ snapshot, container }) => {
    expect(recaptchaToken(container)).toBe(snapshot.context.token);
  },
  'active.recaptcha.off': ({ snapshot, container }) => {
    if (snapshot.context.form.recaptcha) expect(recaptchaToken(container)).toBe('');
    else expect(recaptchaToken(container)).toBeUndefined();
  },
  'active.validation.unavailable': notValidating,
  'active.validation.idle': notValidating,
  'active.validation.validating': ({ snapshot, container }) => {
    if (is(snapshot, 'active.form.editable')) expect(formElement(container)).toHaveClass('validating');
  },
  'active.form.editable.init': ({ snapshot, container }) => {
    expect(spinner(container)).not.toHaveClass('is-active');
    // After a request that failed (offline), its message says so in the live region.
    expect(liveStatus(container)).toHaveTextContent(snapshot.context.message);
    if (snapshot.context.response === null && snapshot.context.message !== '') {
      expect(responseOutput(container)).toHaveTextContent(FETCH_ERROR_MESSAGE);
    }
  },
  'active.form.editable.invalid': answerShown('invalid'),
  'active.form.editable.unaccepted': answerShown('unaccepted'),
  'active.form.editable.spam': answerShown('spam'),
  'active.form.editable.aborted': answerShown('aborted'),
  'active.form.editable.failed': answerShown('failed'),
  'active.form.editable.paymentRequired': answerShown('payment-required'),
  'active.form.editable.custom': answerShown('custom-needs-review'),
  'active.form.editable.sent': (state) => {
    answerShown('sent')(state);
    // Reset and refilled: the fields are empty, the quiz and captcha new.
    expect(lastDomEvent('wpcf7mailsent')).toBeDefined();
    expect(control('your-name').value).toBe('');
    expect(lastDomEvent('wpcf7reset')).toBeDefined();
    // The answer's add-on keys started the redirect add-on (its popup); the form itself goes nowhere.
    expect(document.body.classList.contains('thank-you-popup')).toBe('popup' in (state.snapshot.context.response ?? {}));
  },
  'active.form.submitting': submitting,
  'active.form.submitting.protecting': submitting,
  'active.form.submitting.sending': submitting,
  'active.form.resetting': ({ snapshot, container }) => {
    expect(formElement(container)).toHaveClass('resetting');
    for (const field of snapshot.context.form.fields) {
      if (field.type === 'text' || field.type === 'textarea') expect(control(field.name).value).toBe('');
    }
  },
};

// The captcha and quiz after a refill (every-field form): a new question and picture.
const refilledChallenges: Check = ({ snapshot, container }) => {
  const quiz = snapshot.context.quiz['quiz-math'];
  if (!quiz) return;
  expect(container.querySelector('label[for$="quiz-math"]')).toHaveTextContent(quiz.question);
  expect(hidden(container, '_wpcf7_quiz_answer_quiz-math')).toBe(quiz.answerHash);
  expect(container.querySelector('img.wpcf7-captcha-captcha-1')).toHaveAttribute('src', snapshot.context.captcha['captcha-1']!.src);
  expect(hidden(container, '_wpcf7_captcha_challenge_captcha-1')).toBe('4821');
};

const render =
  (form: FormDefinition, wpcf7: unknown = siteWpcf7, nested = false): ModelConfig<Machine>['render'] =>
  (props) =>
    nested ? (
      <InsideContactForm.Provider value={true}>
        <ContactFormView form={form} wpcf7={wpcf7} {...props} />
      </InsideContactForm.Provider>
    ) : (
      <ContactFormView form={form} wpcf7={wpcf7} {...props} />
    );

const visitor = [...completions, ...visitorSamples];
const common = { machine: contactFormMachine, eventSamples: visitor, serializeState, fakes, events, setup, states, filterEvents: steps([]) };

// Without a schema or reCAPTCHA the page form works as with them: those paths end where they begin.
describeModel({
  ...common,
  variant: 'page form',
  input: { form: contactForm, wpcf7: siteWpcf7 },
  filterEvents: steps(['active.schema.failed', 'active.recaptcha.off']),
  render: render(contactForm),
});

// One submission, answered mail_sent (the page form walks every answer).
describeModel({
  ...common,
  variant: 'every field, quiz and captcha refilled',
  input: { form: everyFieldForm, wpcf7: siteWpcf7 },
  eventSamples: [...completions.filter((sample) => !answers.includes(sample) || sample === answers[0]), { type: 'form.submit' }],
  filterEvents: steps(['active.schema.failed']),
  render: render(everyFieldForm),
  states: {
    ...states,
    active: async (state) => {
      await states.active!(state);
      await refilledChallenges(state);
    },
  },
});

describeModel({ ...common, variant: 'inside another form', input: { form: contactForm, wpcf7: siteWpcf7, nested: true }, render: render(contactForm, siteWpcf7, true) });

describeModel({
  ...common,
  variant: 'no wpcf7',
  input: { form: contactForm, wpcf7: null },
  render: render(contactForm, null),
  states: { ...states, 'plainForm.unconfigured': logged('wpcf7 is not defined.') },
});

describeModel({
  ...common,
  variant: 'no wpcf7.api',
  input: { form: contactForm, wpcf7: { cached: 1 } },
  render: render(contactForm, { cached: 1 }),
  states: { ...states, 'plainForm.unconfigured': logged('wpcf7.api is not defined.') },
});
