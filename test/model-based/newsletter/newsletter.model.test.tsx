// newsletter, walked through the real <NewsletterFormView> along every edge of the production
// machine's graph: the home page's form on a site without reCAPTCHA (every answer status, the
// transport errors, the nonce fetched again after a 403, the prefix-only SMS cleared, a prefix
// picked from the list with the keyboard, the fade), the same form with a site key (a token per
// submission), and a form with a redirect and no reCAPTCHA of its own. Every invoked actor is a
// controllable fake.
import { expect, it, vi } from 'vitest';
import { fromPromise, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { homeNewsletterForm } from '../../support/site-content.ts';
import type { NewsletterForm } from '../../../content/structs/newsletter-form.struct.ts';
import { countryPrefixMachine } from '../../../src/machines/newsletter/country-prefix.machine.ts';
import { NEWSLETTER_MESSAGE_FADE_DELAY_MS, NEWSLETTER_RECAPTCHA_ACTION } from '../../../src/machines/newsletter/newsletter.constants.ts';
import { newsletterMachine } from '../../../src/machines/newsletter/newsletter.machine.ts';
import { shownMessageKind } from '../../../src/machines/newsletter/newsletter.selectors.ts';
import { NewsletterApiError, type SubscribeAnswer } from '../../../src/services/newsletter/newsletter-api.client.ts';
import { SITE_REST_ROOT } from '../../../src/services/shared/site-config.client.ts';
import { isPrefixOnly, type NewsletterStatus } from '../../../src/validation/newsletter/index.ts';
import { NewsletterFormView } from '../../../src/views/newsletter/newsletter-form.view.tsx';
import { COUNTRIES } from '../../unit/newsletter/country-prefix-fixture.ts';
import {
  describeModel,
  fakeCallbackActor,
  fakePromiseActor,
  invokedActors,
  matchesState,
  promiseFake as promise,
  type ActorCompletionEvent,
  type FakeCallbackActor,
  type ModelConfig,
  type StateAssertion,
  type StepExecutor,
} from '../harness/index.ts';
import { expectErrorSummary } from '../../support/govuk-errors.ts';

type Machine = typeof newsletterMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = Parameters<NonNullable<ModelConfig<Machine>['filterEvents']>>[1] | ActorCompletionEvent;

const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
const unexpectedConsoleErrors = () => consoleError.mock.calls.filter(([first]) => typeof first === 'string' && /Warning|React|act\(/.test(first));

const EMAIL = 'thandi@example.co.za';
const SMS_NUMBER = '+27 82 555 0123';
const NONCE = 'nonce-1';
const HEADING = 'newsletter-test-title';
const redirectForm: NewsletterForm = { ...homeNewsletterForm, id: 7, redirect: '/newsletter/confirmed/', recaptcha: false };

// --- the page -----------------------------------------------------------------------------------

const formElement = (container: HTMLElement) => container.querySelector<HTMLFormElement>('form.sib-form__form')!;
const fieldset = (container: HTMLElement) => container.querySelector<HTMLFieldSetElement>('fieldset.sib-form__fields')!;
const control = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]:not([type="hidden"])`)!;
const hidden = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;
const submitButton = (container: HTMLElement) => container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const spinner = (container: HTMLElement) => container.querySelector<HTMLElement>('.wpcf7-spinner')!;
const summary = (container: HTMLElement) => container.querySelector<HTMLElement>('.error-summary')!;
const politeRegion = (container: HTMLElement) => container.querySelector<HTMLElement>('.sib-form__messages [role="status"]')!;
const alertRegion = (container: HTMLElement) => container.querySelector<HTMLElement>('.sib-form__messages [role="alert"]')!;
const prefixButton = (container: HTMLElement) => container.querySelector<HTMLButtonElement>('.country-prefix__button')!;

// --- samples ------------------------------------------------------------------------------------

// What the client hands on: the notice's text read from where the plugin's answer puts it.
const answer = (status: NewsletterStatus, message: string, extra: Partial<SubscribeAnswer> = {}): ActorCompletionEvent => ({
  type: 'xstate.done.actor.subscribe',
  output: { status, message, redirect: '', httpStatus: 200, ...extra } satisfies SubscribeAnswer,
});
const { messages } = homeNewsletterForm;
const EXPIRED = answer('failure', 'This form has expired. Reload the page and try again.', { code: 'sib_invalid_nonce', httpStatus: 403 });

const statusAnswers: ActorCompletionEvent[] = [
  answer('success', messages.success),
  answer('update', messages.success),
  answer('already_exist', messages.alreadyExist),
  answer('failure', messages.failure),
  answer('invalid', messages.invalid),
  answer('gcaptchaEmpty', messages.captchaEmpty),
  answer('gcaptchaFail', messages.captchaFail),
  answer('failure', 'Too many sign-ups from your network. Try again in a few minutes.', { code: 'sib_rate_limited', httpStatus: 429 }),
  EXPIRED,
];

const baseCompletions: ActorCompletionEvent[] = [
  { type: 'xstate.done.actor.browserSupport', output: { missing: null } },
  { type: 'xstate.done.actor.fetchNonce', output: NONCE },
  { type: 'xstate.error.actor.fetchNonce', error: new NewsletterApiError('fetch_error', 'TypeError: Failed to fetch') },
  { type: 'xstate.error.actor.subscribe', error: new NewsletterApiError('fetch_error', 'TypeError: Failed to fetch') },
  { type: 'xstate.error.actor.subscribe', error: new NewsletterApiError('invalid_answer', 'SyntaxError: Unexpected token \'<\', "<html>" is not valid JSON') },
];

const visitorSamples = [
  { type: 'field.input', name: 'email', value: EMAIL },
  { type: 'field.input', name: 'SMS', value: SMS_NUMBER },
  { type: 'list.toggle', id: '3', checked: true },
  { type: 'consent.toggle', checked: true },
  { type: 'prefix.pick', dialCode: '+44' },
  { type: 'form.submit' },
] as const;

// --- the graph ----------------------------------------------------------------------------------

const is = matchesState;
/** The actor the state waits on, read from the chart. */
const pendingActor = (snapshot: Snapshot) => invokedActors(snapshot as AnyMachineSnapshot)[0];
const smsKind = (snapshot: Snapshot) => (isPrefixOnly(snapshot.context.entered.sms, snapshot.context.smsPrefix) ? 'prefix' : 'number');
const outputStatus = (event: Event) => ('output' in event ? (event.output as SubscribeAnswer).status : '');
const outputCode = (event: Event) => ('output' in event ? (event.output as SubscribeAnswer).code : undefined);

interface Plan {
  /** Answers the first submission may get. */
  answers: (event: Event, snapshot: Snapshot) => boolean;
  /** The visitor may pick a prefix and type a number before the first submission. */
  smsSteps: boolean;
  /** The visitor first submits the empty form (the errors and the summary). */
  emptySubmit: boolean;
}

/** One thing at a time: effects settle first; the visitor fills the form in order, then submits. */
const steps =
  (plan: Plan) =>
  (snapshot: Snapshot, event: Event): boolean => {
    if (!snapshot.can(event as never)) return false;
    const { context } = snapshot;
    const pending = pendingActor(snapshot);
    // Before the script has looked at the browser, and in one that cannot send the form, the
    // visitor fills the prerendered form in (README.md, "Forms before their code").
    const beforeScript = is(snapshot, 'starting') || is(snapshot, 'unsupported');
    if (pending && !(beforeScript && !event.type.startsWith('xstate.'))) {
      if (event.type !== `xstate.done.actor.${pending}` && event.type !== `xstate.error.actor.${pending}`) return false;
      if (event.type === 'xstate.done.actor.subscribe') {
        // A second round (with the nonce kept) only needs one answer.
        if (context.resets > 0) return outputStatus(event) === 'success' && outputCode(event) === undefined;
        if (is(snapshot, 'active.form.submitting.resending')) return outputCode(event) === 'sib_invalid_nonce' || outputStatus(event) === 'success';
        return plan.answers(event, snapshot);
      }
      if (event.type.startsWith('xstate.error.') && context.resets > 0) return false;
      return true;
    }
    if (is(snapshot, 'active.form.editing.answered')) return event.type.startsWith('xstate.after.');
    if (!is(snapshot, 'active.form.editing.idle') && !beforeScript) return false;
    // Two rounds at most: the second shows the kept nonce.
    if (context.resets > 1) return false;
    const { entered } = context;
    const errors = Object.keys(context.errors).length > 0;
    switch (event.type) {
      case 'form.submit':
        if (entered.email === '') return plan.emptySubmit && !errors && context.resets === 0;
        return entered.consent;
      case 'field.input':
        if ((event as { name: string }).name === 'email') return entered.email === '';
        return plan.smsSteps && context.resets === 0 && entered.consent && smsKind(snapshot) === 'prefix';
      case 'list.toggle':
        return entered.email !== '' && entered.lists.length === 0;
      case 'consent.toggle':
        return entered.lists.length > 0 && !entered.consent;
      case 'prefix.pick':
        return plan.smsSteps && context.resets === 0 && entered.consent && context.smsPrefix === homeNewsletterForm.sms?.defaultPrefix && smsKind(snapshot) === 'prefix';
      default:
        return false;
    }
  };

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    email: context.entered.email !== '',
    lists: context.entered.lists.length,
    consent: context.entered.consent,
    prefix: context.smsPrefix,
    sms: smsKind(snapshot),
    errors: Object.keys(context.errors).sort(),
    nonce: context.nonce !== null,
    token: context.token !== '',
    message: context.message,
    resets: context.resets,
  });
};

// --- steps --------------------------------------------------------------------------------------

type VisitorEvent = { type: string; name?: string; value?: string; id?: string; dialCode?: string };
const root = () => document.body;

const events: Record<string, StepExecutor<Machine>> = {
  'field.input': async ({ event, user }) => {
    const { name, value } = event as VisitorEvent;
    const input = control(root(), name!);
    await user.clear(input);
    await user.click(input);
    await user.paste(value!);
  },
  'list.toggle': async ({ event, user }) => {
    await user.click(root().querySelector<HTMLInputElement>(`input[name="listIDs[]"][value="${(event as VisitorEvent).id!}"]`)!);
  },
  'consent.toggle': async ({ user }) => {
    await user.click(control(root(), 'consent'));
  },
  // The prefix list with the keyboard: open, type the country's name, Enter; the focus comes back.
  'prefix.pick': async ({ user }) => {
    const button = prefixButton(root());
    button.focus();
    await user.keyboard('{Enter}');
    const list = await vi.waitFor(() => {
      const found = root().querySelector<HTMLElement>('[role="listbox"]');
      expect(found).not.toBeNull();
      expect(document.activeElement).toBe(found);
      return found!;
    });
    await user.keyboard('United K');
    expect(list.querySelector('[aria-selected], .is-active')).not.toBeNull();
    expect(list.querySelector('.is-active')).toHaveTextContent('United Kingdom');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(document.activeElement).toBe(prefixButton(root())));
  },
  'form.submit': async ({ to, user }) => {
    await user.click(submitButton(root()));
    // A failed check moves the focus to the error summary (GOV.UK).
    if (Object.keys(to.context.errors).length > 0) await vi.waitFor(() => expect(document.activeElement).toBe(summary(root())));
  },
};

const fakes = {
  browserSupport: () => fakePromiseActor(),
  recaptchaSetup: () => fakePromiseActor(),
  recaptchaToken: () => fakePromiseActor(),
  fetchNonce: () => fakePromiseActor(),
  subscribe: () => fakePromiseActor(),
  navigate: () => fakeCallbackActor(),
};

// --- what the visitor sees ----------------------------------------------------------------------

type Check = StateAssertion<Machine>;

const messageShown: Check = ({ snapshot, container }) => {
  const { message } = snapshot.context;
  const messageKind = shownMessageKind(snapshot);
  const region = messageKind === 'error' ? alertRegion(container) : politeRegion(container);
  const other = messageKind === 'error' ? politeRegion(container) : alertRegion(container);
  expect(region).toBeVisible();
  expect(region).toHaveTextContent(message);
  expect(region).toHaveClass(`sib-form__message--${messageKind!}`);
  expect(other).not.toBeVisible();
  expect(other).toHaveTextContent('');
};

/** The plain HTML form: enabled, what was entered shown as entered, posted by the browser. */
const plainForm: Check = ({ snapshot, container }) => {
  const { entered } = snapshot.context;
  expect(container.querySelector('.sib-form')).toHaveClass('no-js');
  expect(fieldset(container)).toBeEnabled();
  expect(formElement(container)).toHaveAttribute('method', 'post');
  expect(control(container, 'email').value).toBe(entered.email);
  expect(control(container, 'consent').checked).toBe(entered.consent);
};

const states: Record<string, Check> = {
  starting: (state) => {
    // The prerendered form takes input before the script runs; the browser would post it itself.
    plainForm(state);
    expect(promise(state.fakes, 'browserSupport').pending).toBeDefined();
  },
  unsupported: plainForm,
  'active.form.editing': ({ snapshot, container }) => {
    const { context } = snapshot;
    expect(container.querySelector('.sib-form')).toHaveClass('js');
    expect(fieldset(container)).toBeEnabled();
    expect(submitButton(container)).toBeEnabled();
    expect(spinner(container)).not.toHaveClass('is-active');
    expect(formElement(container)).not.toHaveClass('processing');
    expect(control(container, 'email').value).toBe(context.entered.email);
    expect(control(container, 'SMS').value).toBe(context.entered.sms);
    expect(hidden(container, 'sib_SMS_prefix')).toBe(context.smsPrefix);
    expect(prefixButton(container)).toHaveTextContent(context.smsPrefix);
    expect(control(container, 'consent').checked).toBe(context.entered.consent);
    for (const list of context.form.lists) {
      const box = container.querySelector<HTMLInputElement>(`input[name="listIDs[]"][value="${String(list.id)}"]`)!;
      expect(box.checked).toBe(context.entered.lists.includes(String(list.id)));
    }
    // The plugin's hidden inputs, in the HTML.
    expect(hidden(container, 'sib_form_action')).toBe('subscribe_form_submit');
    expect(hidden(container, 'sib_form_id')).toBe(String(context.form.id));
    expect(hidden(container, 'sib_form_alert_notice')).toBe(context.form.messages.required);
    expect(hidden(container, 'sib_form_invalid_email_notice')).toBe(context.form.messages.invalidEmail);
    // Problems beside their fields (GOV.UK: message above the control, aria-invalid, described).
    const names = Object.keys(context.errors);
    for (const [name, message] of Object.entries(context.errors)) {
      const error = container.querySelector<HTMLElement>(`#sib-form-${String(context.form.id)}-ve-${name.replace(/[^0-9a-z_-]+/gi, '')}`)!;
      expect(error).toHaveTextContent(`Error: ${message}`);
      expect(error.closest('.form-group')).toHaveClass('form-group--error');
    }
    expectErrorSummary(container, Object.values(context.errors));
    if (names.length > 0) expect(control(container, 'email')).toHaveAttribute('aria-invalid', 'true');
    else expect(container.querySelectorAll('.form-group--error')).toHaveLength(0);
    expect(unexpectedConsoleErrors()).toEqual([]);
  },
  'active.form.editing.idle': ({ container }) => {
    expect(politeRegion(container)).not.toBeVisible();
    expect(alertRegion(container)).not.toBeVisible();
  },
  'active.form.editing.answered': (state) => {
    const { snapshot, container } = state;
    messageShown(state);
    // After any answer the form is reset and the token dropped; the prefix stays as picked.
    expect(control(container, 'email').value).toBe('');
    expect(control(container, 'SMS').value).toBe(snapshot.context.smsPrefix);
    expect(snapshot.context.token).toBe('');
  },
  'active.form.editing.answered.display.shown': ({ container }) => {
    expect(container.querySelector('.sib-form__message.is-fading')).toBeNull();
  },
  'active.form.editing.answered.display.fading': ({ snapshot, container }) => {
    const region = shownMessageKind(snapshot) === 'error' ? alertRegion(container) : politeRegion(container);
    expect(region).toHaveClass('is-fading');
  },
  'active.form.submitting': ({ container }) => {
    // Only the button is disabled: the fields stay (and keep the focus where the visitor left it).
    expect(fieldset(container)).toBeEnabled();
    expect(submitButton(container)).toBeDisabled();
    expect(prefixButton(container)).toBeDisabled();
    expect(spinner(container)).toHaveClass('is-active');
    expect(spinner(container)).toHaveTextContent('Subscribing…');
    expect(formElement(container)).toHaveClass('processing');
    expect(formElement(container)).toHaveAttribute('aria-busy', 'true');
    expect(summary(container)).not.toBeVisible();
  },
  // The form waits while the recaptcha region reads the site's configuration.
  'active.form.submitting.configuring': ({ snapshot }) => {
    expect(snapshot.matches({ active: { recaptcha: 'loading' } })).toBe(true);
  },
  'active.form.submitting.protecting': ({ fakes: running }) => {
    expect(promise(running, 'recaptchaToken').pending?.input).toEqual({ action: NEWSLETTER_RECAPTCHA_ACTION });
  },
  'active.form.submitting.fetchingNonce': ({ fakes: running }) => {
    expect(promise(running, 'fetchNonce').pending?.input).toEqual({ action: 'sib_subscribe' });
  },
  // After a 403: the nonce is fetched once more, and the submission sent again with it.
  'active.form.submitting.renewingNonce': ({ fakes: running }) => {
    expect(promise(running, 'fetchNonce').pending?.input).toEqual({ action: 'sib_subscribe' });
    expect(promise(running, 'subscribe').instances.at(-1)?.settled).toBe(true);
  },
  'active.form.submitting.resending': sentAsPosted,
  'active.form.submitting.sending': sentAsPosted,
  'active.form.editing.answered.kind.success': ({ container }) => {
    expect(politeRegion(container)).toHaveClass('sib-form__message--success');
  },
  'active.form.editing.answered.kind.warning': ({ container }) => {
    expect(politeRegion(container)).toHaveClass('sib-form__message--warning');
  },
  'active.form.editing.answered.kind.error': ({ container }) => {
    expect(alertRegion(container)).toHaveClass('sib-form__message--error');
  },
  // reCAPTCHA: nothing is read before the first submission; then the site's configuration once.
  'active.recaptcha.pending': ({ fakes: running }) => {
    expect(promise(running, 'recaptchaSetup').instances).toHaveLength(0);
  },
  'active.recaptcha.loading': ({ fakes: running }) => {
    expect(promise(running, 'recaptchaSetup').pending?.input).toEqual({ root: SITE_REST_ROOT });
  },
  'active.recaptcha.ready': ({ fakes: running }) => {
    expect(promise(running, 'recaptchaSetup').instances).toHaveLength(1);
  },
  // Off for good: no key, no configuration, or a form without reCAPTCHA; never a token.
  'active.recaptcha.off': ({ snapshot, fakes: running }) => {
    expect(promise(running, 'recaptchaSetup').instances).toHaveLength(snapshot.context.form.recaptcha ? 1 : 0);
    expect(promise(running, 'recaptchaToken').instances).toHaveLength(0);
  },
  'active.form.redirecting': (state) => {
    messageShown(state);
    expect((state.fakes.navigate as FakeCallbackActor<{ url: string }>).running?.input).toEqual({ url: '/newsletter/confirmed/' });
  },
};

/** The POST as the plugin's form makes it. */
function sentAsPosted({ snapshot, fakes: running }: Parameters<Check>[0]) {
  const { input } = promise(running, 'subscribe').pending!;
  const { context } = snapshot;
  expect(input.action).toBe('/newsletter/subscribe/');
  const entries = input.entries as Array<[string, string]>;
  const single = new Map(entries);
  expect(single.get('email')).toBe(EMAIL);
  // An SMS holding only its prefix is cleared before sending; a number goes with its prefix.
  expect(single.get('SMS')).toBe(context.entered.sms);
  if (smsKind(snapshot) === 'prefix') expect(single.get('SMS')).toBe('');
  expect(single.get('sib_SMS_prefix')).toBe(context.smsPrefix);
  // The Brevo plugin's two list fields: the ticked list, and every list the form offers.
  const posted = (name: string) => entries.filter(([field]) => field === name).map(([, value]) => value);
  expect(posted('listIDs[]')).toEqual(['3']);
  expect(posted('interestingLists[]')).toEqual(context.form.lists.map((list) => String(list.id)));
  expect(single.get('consent')).toBe('yes');
  expect(single.get('sib_form_action')).toBe('subscribe_form_submit');
  expect(single.get('sib_form_id')).toBe(String(context.form.id));
  expect(single.get('security')).toBe(NONCE);
  expect(single.get('g-recaptcha-response')).toBe(context.token === '' ? undefined : context.token);
}

const prefixLogic = countryPrefixMachine.provide({ actors: { fetchCountryPrefixes: fromPromise(async () => COUNTRIES) } });

const render =
  (form: NewsletterForm): ModelConfig<Machine>['render'] =>
  (props) => (
    <>
      <h3 id={HEADING}>{form.title}</h3>
      <NewsletterFormView form={form} headingId={HEADING} prefixLogic={prefixLogic} {...props} />
    </>
  );

const setup = () => {
  consoleError.mockClear();
};

const common = { machine: newsletterMachine, serializeState, fakes, events, setup, states };

describeModel({
  ...common,
  variant: 'home form, no reCAPTCHA on the site',
  input: { form: homeNewsletterForm },
  eventSamples: [
    ...baseCompletions,
    { type: 'xstate.done.actor.browserSupport', output: { missing: 'Your browser does not support window.fetch().' } },
    { type: 'xstate.error.actor.browserSupport', error: new Error('support check failed') },
    { type: 'xstate.done.actor.recaptchaSetup', output: { siteKey: null } },
    { type: 'xstate.error.actor.recaptchaSetup', error: new Error('config unavailable') },
    ...statusAnswers,
    ...visitorSamples,
  ],
  filterEvents: steps({ answers: () => true, smsSteps: true, emptySubmit: true }),
  render: render(homeNewsletterForm),
});

describeModel({
  ...common,
  variant: 'home form, site key configured',
  input: { form: homeNewsletterForm },
  eventSamples: [
    ...baseCompletions,
    { type: 'xstate.done.actor.recaptchaSetup', output: { siteKey: 'site-key' } },
    { type: 'xstate.done.actor.recaptchaToken', output: 'token-1' },
    { type: 'xstate.error.actor.recaptchaToken', error: new Error('reCAPTCHA: no token') },
    answer('success', messages.success),
    answer('gcaptchaEmpty', messages.captchaEmpty),
    answer('gcaptchaFail', messages.captchaFail),
    ...visitorSamples,
  ],
  filterEvents: steps({ answers: () => true, smsSteps: false, emptySubmit: false }),
  render: render(homeNewsletterForm),
});

describeModel({
  ...common,
  variant: 'form with a redirect',
  input: { form: redirectForm },
  eventSamples: [
    ...baseCompletions,
    answer('success', messages.success, { redirect: '/newsletter/confirmed/' }),
    answer('already_exist', messages.alreadyExist),
    ...visitorSamples,
  ],
  // Transport errors are the other variants' business: here the redirect and a warning.
  filterEvents: (snapshot, event) => !(event as Event).type.startsWith('xstate.error.') && steps({ answers: () => true, smsSteps: false, emptySubmit: false })(snapshot, event),
  render: render(redirectForm),
});

it("fades the message after the plugin's 2000 ms", () => {
  expect(NEWSLETTER_MESSAGE_FADE_DELAY_MS).toBe(2000);
});
