// contactForm, walked through the real <ContactFormView> along every edge of the production
// machine's graph: the page form (reCAPTCHA, redirect to /thank-you/), typed into before its code
// arrived, a form with every field type (quiz and captcha refilled, no reCAPTCHA or redirect), and
// the three ways the plugin refuses to start. Every invoked actor is a controllable fake; the
// visitor's steps go through user-event. The steps come from the chart (what is pending, what a
// state takes, its status tags) and from what the page allows; each effect is checked for what
// it was asked when answered; each state on the rendered page.
import { expect, vi } from 'vitest';
import { fromCallback, type AnyMachineSnapshot, type EventObject, type SnapshotFrom } from 'xstate';
import { contactForm, type FormDefinition } from '../../support/site-content.ts';
import { contactFormMachine } from '../../../src/machines/contact-form/contact-form.machine.ts';
import { formStatusOf, summaryErrorsOf } from '../../../src/machines/contact-form/contact-form.selectors.ts';
import { statusTag } from '../../../src/machines/contact-form/contact-form-status.ts';
import { characterCount, hasCounter, textOf } from '../../../src/machines/contact-form/contact-form-values.ts';
import { redirectAddOnMachine } from '../../../src/machines/contact-form/redirect-add-on.machine.ts';
import { Cf7ApiError, FETCH_ERROR_MESSAGE } from '../../../src/services/contact-form/cf7-api.client.ts';
import type { FeedbackResponse } from '../../../src/services/contact-form/cf7-api.types.ts';
import { siteWpcf7 } from '../../../src/services/contact-form/cf7-config.service.ts';
import { ContactFormView } from '../../../src/views/contact-form/contact-form.view.tsx';
import { counterMessage } from '../../../src/views/shared/form-fields/character-counter.view.tsx';
import { InsideContactForm } from '../../../src/views/contact-form/contact-form-nesting.ts';
import { cf7Answer, control, formElement, hiddenValue as hidden, liveStatus, recordCf7Events, responseOutput, spinner, submitButton, wrapper } from '../../support/contact-form-page.ts';
import { expectErrorSummary, expectFieldError } from '../../support/govuk-errors.ts';
import { everyFieldForm } from '../../unit/contact-form-fixture.ts';
import { ANSWER_STATES, ANSWER_STATUS } from '../../../src/validation/contact-form/index.ts';
import { activeStateNodes, actorOutcomes as outcomes, describeModel, matchesState, fakePromiseActor, invokedActors, promiseFake as promise, settleEffectsFirst } from '../harness/index.ts';
import type { ActorCompletionEvent, FakeActor, ModelConfig, StateAssertion, StepExecutor } from '../harness/index.ts';

type Machine = typeof contactFormMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = Parameters<NonNullable<ModelConfig<Machine>['filterEvents']>>[1] | ActorCompletionEvent;
type VisitorEvent = { type: string; name?: string; value?: string; checked?: boolean };

// The machine logs to the console by design (missing configuration, failed requests); the spy
// keeps the output readable and lets states check what was logged. React's own warnings fail.
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
const unexpectedConsoleErrors = () => consoleError.mock.calls.filter(([first]) => typeof first === 'string' && /Warning|React|act\(/.test(first));

// The plugin's DOM events, as the rest of the page hears them.
const domEvents = recordCf7Events();
const lastDomEvent = domEvents.last;
const setup = () => void (consoleError.mockClear(), domEvents.clear());

const is = matchesState;

const PAGE_MESSAGE = 'your-message';
const CONSENT = 'your-consent';

// --- samples ------------------------------------------------------------------------------------

const answer = (status: string, message: string, invalid: Array<[string, string]> = [], extra: Record<string, unknown> = {}) =>
  cf7Answer(status, message, invalid, { posted_data_hash: status === 'mail_sent' ? 'f1e2d3' : '', ...extra });

/** The redirect add-on's keys of the page form's answer: its popup, then the thank-you page. */
const ADD_ON_KEYS = {
  popup: [{ 'popup-template': '<div class="wpcf7r-modal"></div>', 'template-name': 'thank-you-popup', title: 'Message received', text: 'Thank you.', close_label: 'Close' }],
  redirect: [{ type: 'redirect', redirect_url: 'http://localhost/thank-you/', delay: 2 }],
};
/** The add-on as the form starts it, leaving no page (its own model test walks its timings). */
const quietAddOn = redirectAddOnMachine.provide({ actors: { navigate: fromCallback(() => undefined) } });

/** Fields the page shows as typed, in every state (they are what is sent). */
const TYPED = ['your-name', 'your-email', PAGE_MESSAGE];
const TOO_SHORT = 'Message must be 10 characters or more';
// The schema itself only travels to the (fake) validator: one rule keeps the test names short.
const schema = { version: 'test', locale: 'en_ZA', rules: [{ rule: 'minlength', field: PAGE_MESSAGE, error: TOO_SHORT, threshold: 10 }] };
const sent = answer('mail_sent', contactForm.messages.mail_sent_ok, [], ADD_ON_KEYS);
const INVALID: Array<[string, string]> = [['your-name', 'Enter your full name'], ['your-email', 'Enter your email address']];
// Every status the chart tells apart (validation/contact-form), and another plugin's own.
const answers = [
  sent,
  ...ANSWER_STATES.filter((state) => state !== 'sent').map((state) => answer(ANSWER_STATUS[state].status, `The ${state} answer.`, state === 'invalid' ? INVALID : [])),
  answer('needs_review', 'Your message will be reviewed.'),
];
const offline = new Cf7ApiError('fetch_error', FETCH_ERROR_MESSAGE);
const completions = (feedback: readonly FeedbackResponse[]): ActorCompletionEvent[] => [
  ...outcomes('browserSupport', [{ missing: null }, { missing: 'Your browser does not support window.fetch().' }], new Error('support check failed')),
  ...outcomes('fetchSchema', [schema], offline),
  ...outcomes('recaptchaSetup', [{ siteKey: 'site-key' }, { siteKey: null }], new Error('reCAPTCHA: could not load the script')),
  ...outcomes('recaptchaToken', ['token-for-page'], new Error('reCAPTCHA: no token')),
  ...outcomes('recaptchaSubmitToken', ['token-for-submission'], new Error('reCAPTCHA: no token')),
  ...outcomes('validateFields', [{}, { [PAGE_MESSAGE]: { error: TOO_SHORT } }], new Error('validation failed')),
  ...outcomes('submitFeedback', feedback, offline),
  ...outcomes('refill', [{ quiz: { 'quiz-math': ['2 + 3 = ?', 'hash-of-5'] }, captcha: { 'captcha-1': '/wp-content/uploads/wpcf7_captcha/4821.svg' } }], offline),
];

const visitorSamples = [
  // A click into a field, nothing typed: the form's first focus.
  { type: 'field.focus', name: 'your-name' },
  { type: 'field.input', name: PAGE_MESSAGE, value: 'Too short' },
  { type: 'field.blur', name: PAGE_MESSAGE },
  { type: 'field.change', name: CONSENT, checked: true },
  { type: 'field.change', name: CONSENT, checked: false },
  { type: 'form.submit' },
] as const;

// --- the graph: one thing at a time -------------------------------------------------------------

const isVisitorStep = (type: string) => type.startsWith('field.');

/**
 * Effects settle before the visitor's next step (the harness reads the pending actor or delay
 * from the chart), except an effect whose waiting state takes the visitor's steps itself: the
 * visitor goes on typing during a validation (a change restarts it), fills in the prerendered
 * form before the scripts have looked at the browser (the first focus came before them), and
 * sends the form while reCAPTCHA is still loading (the submission waits for it).
 */
function effectsFirst(snapshot: Snapshot, event: Event): boolean | undefined {
  const [pending] = invokedActors(snapshot as AnyMachineSnapshot);
  if (pending === 'browserSupport' && isVisitorStep(event.type)) return undefined;
  if (pending === 'recaptchaSetup' && event.type === 'form.submit') return undefined;
  const waiting = activeStateNodes(snapshot as AnyMachineSnapshot).find((node) => node.invoke.some((invoke) => String(invoke.src) === pending));
  if (isVisitorStep(event.type) && waiting?.ownEvents.some(isVisitorStep)) return undefined;
  return settleEffectsFirst(snapshot, event as EventObject);
}

/**
 * What the page can produce: a field step names a sampled field; any click after typing leaves
 * the field first; typing or sending in a form not yet focused starts with its focus; text is
 * typed into an empty field (typing adds to what is there); a click turns a box to its other
 * side; the validator answers only for the fields it was asked about.
 */
function possibleOnPage(snapshot: Snapshot, event: Event): boolean {
  const { values, edited, validationFields } = snapshot.context;
  const { type, name = '', checked, output = {} } = event as VisitorEvent & { output?: object };
  if (type === 'xstate.done.actor.validateFields') return Object.keys(output).every((field) => validationFields.includes(field));
  if (isVisitorStep(type) && name === '') return false;
  // Typing and sending start with a click into the form, whose focus comes first (the
  // `field.focus` step) once the scripts run: neither is the form's first interaction.
  if ((type === 'field.input' || type === 'form.submit') && is(snapshot, 'active.recaptcha.idle')) return false;
  if (edited.length > 0 && (isVisitorStep(type) || type === 'form.submit')) return type === 'field.blur';
  if (type === 'field.input') return textOf(values[name]) === '';
  return type !== 'field.change' || values[name] !== checked;
}

/** The visitor fills the form in while it is plain HTML, fresh, or says what to fix (its status tags). */
const EDITED_WHILE = ['init', 'invalid'].map(statusTag);
const isEditable = (snapshot: Snapshot) => !snapshot.hasTag('interactive') || EDITED_WHILE.some((tag) => snapshot.hasTag(tag));

/** A variant's steps; its paths end in the states `endsIn` (the form works there as elsewhere). */
const steps = (endsIn: readonly string[]) => (snapshot: Snapshot, event: Event) => {
  if (!snapshot.can(event as never) || !possibleOnPage(snapshot, event)) return false;
  const settled = effectsFirst(snapshot, event);
  if (settled !== undefined) return settled;
  return !endsIn.some((path) => is(snapshot, path)) && (!isVisitorStep(event.type) || isEditable(snapshot));
};

/** What the visitor can tell apart: the state, the entries, which errors and messages show, the status. */
const serializeState = (snapshot: Snapshot) => {
  const { values, errors, message, edited } = snapshot.context;
  const summary = Object.keys(summaryErrorsOf(snapshot.context)).length > 0;
  return JSON.stringify({ value: snapshot.value, values, errors: Object.keys(errors).sort(), summary, message: message !== '', edited, status: formStatusOf(snapshot) });
};

// --- steps --------------------------------------------------------------------------------------

/** What each effect must have been asked, checked when it is answered, and what its answer did. */
const effects: ModelConfig<Machine>['effects'] = {
  fetchSchema: ({ input, from: { context } }) => expect(input).toEqual({ api: siteWpcf7.api, formId: context.form.id }),
  refill: ({ input, from: { context } }) => expect(input).toEqual({ api: siteWpcf7.api, formId: context.form.id }),
  recaptchaSetup: ({ input }) => expect(input).toEqual({ root: siteWpcf7.api.root }),
  // `homepage` when the page is ready, `contactform` for every change and for the submission.
  recaptchaToken: ({ input, from: { context } }) => expect(input).toEqual({ action: context.recaptchaAction }),
  recaptchaSubmitToken: ({ input }) => expect(input).toEqual({ action: 'contactform' }),
  // Only the changed fields are validated, against the fetched schema.
  validateFields: ({ input, from: { context } }) => expect(input).toEqual({ schema, fields: context.validationFields, entries: expect.any(Array) }),
  submitFeedback: async ({ input, from: { context }, event }) => {
    const entries = new Map(input.entries as Array<[string, string]>);
    expect(entries.get('_wpcf7')).toBe(String(context.form.id));
    expect(entries.get('_wpcf7_unit_tag')).toBe(`wpcf7-f${context.form.id}-o1`);
    expect(entries.get('_wpcf7_hp_website')).toBe('');
    if (context.form.recaptcha) expect(entries.get('_wpcf7_recaptcha_response')).toBe(context.token);
    // What is sent is what the fields hold (typed before the form's code arrived too).
    for (const name of TYPED) expect(entries.get(name)).toBe(context.values[name]);
    // An answer with invalid fields moves the focus to the error summary (GOV.UK).
    const { output } = event as { output?: FeedbackResponse };
    if ((output?.invalid_fields.length ?? 0) > 0) await vi.waitFor(() => expect(document.activeElement).toBe(document.querySelector('.error-summary')));
  },
};

const events: Record<string, StepExecutor<Machine>> = {
  'field.input': async ({ event, user }) => {
    const { name, value } = event as VisitorEvent;
    await user.click(control(name!));
    await user.paste(value!);
  },
  'field.focus': ({ event, user }) => user.click(control((event as VisitorEvent).name!)),
  'field.blur': ({ user }) => user.tab(),
  'field.change': ({ event, user }) => user.click(control((event as VisitorEvent).name!)),
  'form.submit': ({ user }) => user.click(submitButton(document.body)),
};

// Every actor the machine invokes is a fake, but the redirect add-on: the real one, leaving no
// page, started by the answer and not a step of this model.
const addOn = (): FakeActor => ({ kind: 'callback', logic: quietAddOn, instances: [], running: undefined });
const fakes = Object.fromEntries(Object.keys(contactFormMachine.implementations.actors).map((src) => [src, src === 'redirectAddOn' ? addOn : () => fakePromiseActor()]));

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
  for (const name of TYPED) expect(control(name).value).toBe(snapshot.context.values[name]);
};

/** The console says why the form stayed plain HTML. */
const logged = (...lines: string[]): Check => () =>
  expect(consoleError.mock.calls.some(([first]) => lines.includes(first instanceof Error ? first.message : first))).toBe(true);

/** Every error beside its field (GOV.UK: message above the control, linked, aria-invalid) and in the summary after an answer. */
const errorsShown: Check = ({ snapshot, container }) => {
  const { errors, form, unitTag } = snapshot.context;
  for (const field of form.fields) expectFieldError(container.querySelector(`[data-name="${field.name}"]`)!.closest('.form-group')!, errors[field.name], `${unitTag}-ve-${field.name}`);
  const summary = summaryErrorsOf(snapshot.context);
  expectErrorSummary(container, form.fields.flatMap((field) => summary[field.name] ?? []));
};

/** The form shows `validating` exactly while a validation runs (and nothing busier shows). */
const validatingShown: Check = ({ snapshot, container }) => {
  const validating = is(snapshot, 'active.validation.validating') && is(snapshot, 'active.form.editable');
  expect(formElement(container).classList.contains('validating')).toBe(validating);
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

/** Nothing was asked of reCAPTCHA, not even the site's key, before the visitor used the form (README.md, "The contact form"). */
const recaptchaLoadedOnlyAfterInteraction: Check = ({ snapshot, fakes: running }) =>
  expect(promise(running, 'recaptchaSetup').instances.length > 0).toBe(snapshot.context.form.recaptcha && !is(snapshot, 'active.recaptcha.idle'));

const tokenShown: Check = ({ snapshot, container }) => expect(hidden(container, '_wpcf7_recaptcha_response')).toBe(snapshot.context.token);

/** The counter follows every key, hidden from screen readers; a pause in typing announces it once, politely. */
const counterShown: Check = ({ snapshot: { context }, container }) => {
  const field = context.form.fields.find(hasCounter)!;
  const count = characterCount(field, textOf(context.values[field.name]).length);
  const counter = container.querySelector(`[data-name="${field.name}"] .wpcf7-character-count`)!;
  expect(counter).toHaveTextContent(counterMessage(count));
  expect(counter).toHaveAttribute('aria-hidden', 'true');
  expect(counter.classList.contains('too-short')).toBe(count.tooShort);
  const announced = context.announcedCounts[field.name];
  expect(container.querySelector(`[data-name="${field.name}"] [aria-live="polite"]`)!.textContent).toBe(announced === undefined ? '' : counterMessage(characterCount(field, announced)));
};

const states: Record<string, Check> = {
  misplaced: ({ container }) => {
    expect(container).toHaveTextContent('Error: This contact form is placed in the wrong place.');
    expect(formElement(container)).toBeNull();
  },
  plainForm: (state) => (plainForm(state), expect(promise(state.fakes, 'recaptchaSetup').instances).toHaveLength(0)),
  // The prerendered state: the plain form, until the page's scripts have looked at the browser.
  'plainForm.checkingSupport': plainForm,
  'plainForm.unconfigured': logged('wpcf7 is not defined.', 'wpcf7.api is not defined.'),
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
    for (const name of TYPED) expect(control(name).value).toBe(context.values[name]);
    errorsShown(state);
    validatingShown(state);
    recaptchaLoadedOnlyAfterInteraction(state);
    expect(unexpectedConsoleErrors()).toEqual([]);
  },
  'active.fields.settled': counterShown,
  'active.fields.typing': counterShown,
  // Whether the rules have arrived shows only as validation (checked in `active`).
  'active.schema.loading': validatingShown,
  'active.schema.loaded': validatingShown,
  'active.schema.failed': () => expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ code: 'fetch_error' })),
  'active.recaptcha.idle': ({ container }) => expect(hidden(container, '_wpcf7_recaptcha_response')).toBe(''),
  'active.recaptcha.loading': ({ container }) => expect(hidden(container, '_wpcf7_recaptcha_response')).toBe(''),
  'active.recaptcha.executing': tokenShown,
  'active.recaptcha.ready': tokenShown,
  'active.recaptcha.off': ({ snapshot, container }) =>
    expect(hidden(container, '_wpcf7_recaptcha_response')).toBe(snapshot.context.form.recaptcha ? '' : undefined),
  'active.validation.unavailable': validatingShown,
  'active.validation.idle': validatingShown,
  'active.validation.validating': validatingShown,
  'active.form.editable.init': ({ snapshot, container }) => {
    expect(spinner(container)).not.toHaveClass('is-active');
    // After a request that failed (offline), its message says so in the live region.
    expect(liveStatus(container)).toHaveTextContent(snapshot.context.message);
    if (snapshot.context.response === null && snapshot.context.message !== '') expect(responseOutput(container)).toHaveTextContent(FETCH_ERROR_MESSAGE);
  },
  // Each answer's state shows its status class (validation/contact-form), another plugin's `custom-…`.
  ...Object.fromEntries(ANSWER_STATES.filter((state) => state !== 'sent').map((state) => [`active.form.editable.${state}`, answerShown(ANSWER_STATUS[state].className)])),
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
  // A submission before the provider has loaded waits for it: no token is asked for yet.
  'active.form.submitting.configuring': (state) => {
    submitting(state);
    expect(promise(state.fakes, 'recaptchaSubmitToken').pending).toBeUndefined();
  },
  'active.form.submitting.protecting': submitting,
  'active.form.submitting.sending': submitting,
  'active.form.resetting': ({ snapshot, container }) => {
    expect(formElement(container)).toHaveClass('resetting');
    const texts = snapshot.context.form.fields.filter((field) => field.type === 'text' || field.type === 'textarea');
    for (const field of texts) expect(control(field.name).value).toBe('');
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

const render = (form: FormDefinition, wpcf7: unknown = siteWpcf7, nested = false): ModelConfig<Machine>['render'] => (props) => (
  <InsideContactForm.Provider value={nested}><ContactFormView form={form} wpcf7={wpcf7} {...props} /></InsideContactForm.Provider>
);

const common = { machine: contactFormMachine, eventSamples: [...completions(answers), ...visitorSamples], serializeState, fakes, effects, events, setup, states, filterEvents: steps([]) };

// Without a schema or reCAPTCHA the page form works as with them: those paths end where they begin.
const pageEnds = ['active.schema.failed', 'active.recaptcha.off'];
describeModel({ ...common, variant: 'page form', input: { form: contactForm, wpcf7: siteWpcf7 }, filterEvents: steps(pageEnds), render: render(contactForm) });

// One submission, answered mail_sent (the page form walks every answer).
describeModel({
  ...common,
  variant: 'every field, quiz and captcha refilled',
  input: { form: everyFieldForm, wpcf7: siteWpcf7 },
  eventSamples: [...completions([sent]), { type: 'form.submit' }],
  filterEvents: steps(['active.schema.failed']),
  render: render(everyFieldForm),
  states: { ...states, active: async (state) => (await states.active!(state), refilledChallenges(state)) },
});

describeModel({ ...common, variant: 'inside another form', input: { form: contactForm, wpcf7: siteWpcf7, nested: true }, render: render(contactForm, siteWpcf7, true) });

// Contact Form 7's words when the page's configuration is missing.
for (const [variant, wpcf7, problem] of [['no wpcf7', null, 'wpcf7 is not defined.'], ['no wpcf7.api', { cached: 1 }, 'wpcf7.api is not defined.']] as const) {
  describeModel({ ...common, variant, input: { form: contactForm, wpcf7 }, render: render(contactForm, wpcf7), states: { ...states, 'plainForm.unconfigured': logged(problem) } });
}

// Typed into the prerendered form before its code arrived (README.md, "Forms before their code"):
// the machine starts from those values, the page keeps showing them, and they are what is sent.
const typedBeforeCode = [['your-name', 'Thandi Nkosi'], ['your-email', 'thandi@example.co.za'], [CONSENT, '1']] as const;
describeModel({
  ...common,
  variant: 'typed in before its code arrived',
  beforeHydration: () => typedBeforeCode.forEach(([name, value]) => (control(name).type === 'checkbox' ? (control(name).checked = true) : (control(name).value = value))),
  input: { form: contactForm, wpcf7: siteWpcf7, prefilled: typedBeforeCode },
  prerender: true,
  eventSamples: [...completions([sent]), visitorSamples[0], { type: 'form.submit' }],
  filterEvents: steps(pageEnds), render: render(contactForm),
});
