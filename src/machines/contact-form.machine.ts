// The contact form, to the behaviour of Contact Form 7's client (includes/js/src/*.js). The form
// checks its placement, its configuration and the browser (until then, or when one of them
// fails, it is the plain HTML form, which still posts), then runs five regions at once:
//  - fields:     values as the visitor types and chooses; a pause in typing announces counters
//  - schema:     the SWV schema fetched from the server, for validating changed fields
//  - recaptcha:  reCAPTCHA v3 set up from the site's config; a token on ready and on each change
//  - validation: a changed field is validated alone (status `validating` meanwhile)
//  - form:       init → submitting → an answer's status (invalid, unaccepted, spam, aborted,
//                failed, payment-required, custom-…), or after mail_sent: resetting (refill) → sent
// The status is a class on the form and emitted as `status.changed`; effects are invoked actors
// from src/services, so tests replace each with a controllable fake.
import { assertEvent, assign, emit, enqueueActions, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { FeedbackResponse, RefillResponse } from '../services/cf7-api.types.ts';
import {
  browserSupport,
  fetchSchema,
  navigate,
  recaptchaSetup,
  recaptchaToken,
  refill,
  submitFeedback,
  validateFields,
  type RecaptchaSetupOutput,
} from '../services/contact-form.actors.ts';
import type { BrowserSupport } from '../services/browser-support.ts';
import type { SwvSchema, ValidationResult } from '../validation/index.ts';
import {
  COUNTER_ANNOUNCE_DELAY_MS,
  createContext,
  errorsAfterValidation,
  refilled,
  submissionEntries,
  submittedInputs,
  type ContactFormContext,
  type ContactFormEmitted,
  type ContactFormEvent,
  type ContactFormInput,
} from './contact-form-context.ts';
import { statusClass } from './contact-form-status.ts';
import {
  applyChange,
  commitField,
  fieldOf,
  hasChallenges,
  hasCounter,
  initialValues,
  isAccepted,
  textOf,
} from './contact-form-values.ts';

/** The output of the `xstate.done.actor.*` event a transition or action handles. */
const outputOf = <T>(event: object): T => (event as DoneActorEvent<T>).output;
/** The error of the `xstate.error.actor.*` event a transition or action handles. */
const errorOf = (event: object): unknown => (event as ErrorActorEvent).error;

const answerIs =
  (status: string) =>
  ({ event }: { event: object }) =>
    outputOf<FeedbackResponse>(event).status === status;

const errorMessage = (error: unknown) => (error instanceof Error && error.message !== '' ? error.message : String(error));

/** The status a form shows: a running validation shows over a resting form, not over a busy one. */
const shownStatus = (context: ContactFormContext) =>
  context.validating && context.formStatus !== 'submitting' && context.formStatus !== 'resetting' ? 'validating' : context.formStatus;

const apiInput = ({ context }: { context: ContactFormContext }) => ({
  api: context.wpcf7.ok ? context.wpcf7.config.api : { root: '/wp-json/', namespace: 'contact-form-7/v1' },
  formId: context.form.id,
});

export const contactFormMachine = setup({
  types: {
    input: {} as ContactFormInput,
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    emitted: {} as ContactFormEmitted,
  },
  actors: {
    browserSupport,
    fetchSchema,
    recaptchaSetup,
    recaptchaToken,
    // The token asked for before a submission: the same service, its own invoke (a field's token
    // may be on its way at the same moment).
    recaptchaSubmitToken: recaptchaToken,
    validateFields,
    submitFeedback,
    refill,
    navigate,
  },
  guards: {
    isMisplaced: ({ context }) => context.nested,
    hasConfigProblem: ({ context }) => !context.wpcf7.ok,
    hasMissingFeature: ({ event }) => outputOf<BrowserSupport>(event).missing !== null,
    isRecaptchaForm: ({ context }) => context.form.recaptcha,
    hasSiteKey: ({ event }) => outputOf<RecaptchaSetupOutput>(event).siteKey !== null,
    hasSchema: ({ context }) => context.schema !== null,
    isEditedField: ({ context, event }) => event.type === 'field.blur' && context.edited.includes(event.name),
    isEditedFieldWithSchema: ({ context, event }) =>
      context.schema !== null && event.type === 'field.blur' && context.edited.includes(event.name),
    hasChallengeFields: ({ context }) => hasChallenges(context.form),
    isAccepted: ({ context }) => isAccepted(context.form.fields, context.values),
    isProtectedSubmission: ({ context }) => context.recaptchaOn && isAccepted(context.form.fields, context.values),
    isMailSent: answerIs('mail_sent'),
    isValidationFailed: answerIs('validation_failed'),
    isAcceptanceMissing: answerIs('acceptance_missing'),
    isSpam: answerIs('spam'),
    isAborted: answerIs('aborted'),
    isMailFailed: answerIs('mail_failed'),
    isPaymentRequired: answerIs('payment_required'),
    isSentWithRedirect: ({ context }) => context.resetOnMailSent && context.redirectUrl !== null,
    isResetAfterSent: ({ context }) => context.resetOnMailSent,
  },
  actions: {
    logConfigProblem: ({ context }) => {
      if (!context.wpcf7.ok) console.error(context.wpcf7.problem);
    },
    logMissingFeature: ({ event }) => console.error(outputOf<BrowserSupport>(event).missing),
    logError: ({ event }) => console.error(errorOf(event)),

    // fields
    storeInput: assign(({ context, event }) => {
      assertEvent(event, 'field.input');
      return {
        values: { ...context.values, [event.name]: event.value },
        edited: context.edited.includes(event.name) ? context.edited : [...context.edited, event.name],
      };
    }),
    storeChange: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { values: applyChange(context.form.fields, context.values, event) };
    }),
    commitField: assign(({ context, event }) => {
      assertEvent(event, 'field.blur');
      return {
        values: commitField(context.form.fields, context.values, event.name),
        edited: context.edited.filter((name) => name !== event.name),
      };
    }),
    announceCounters: assign(({ context }) => ({
      announcedCounts: Object.fromEntries(
        context.form.fields.filter(hasCounter).map((field) => [field.name, textOf(context.values[field.name]).length]),
      ),
    })),

    // schema and reCAPTCHA
    storeSchema: assign({ schema: ({ event }) => outputOf<SwvSchema>(event) }),
    storeSiteKey: assign({
      siteKey: ({ event }) => outputOf<RecaptchaSetupOutput>(event).siteKey,
      recaptchaAction: 'homepage' as const,
    }),
    disableRecaptcha: assign({ recaptchaOn: false }),
    askForFormToken: assign({ recaptchaAction: 'contactform' as const }),
    storeToken: assign({ token: ({ event }) => outputOf<string>(event) }),

    // validation
    queueValidation: assign(({ context, event }) => {
      assertEvent(event, ['field.change', 'field.blur']);
      const field = fieldOf(context.form.fields, event.name)?.name ?? event.name;
      return { validationFields: context.validationFields.includes(field) ? context.validationFields : [...context.validationFields, field] };
    }),
    startValidating: assign({ validating: true }),
    stopValidating: assign({ validating: false }),
    storeValidation: assign(({ context, event }) => ({
      errors: errorsAfterValidation(context.errors, context.validationFields, outputOf<ValidationResult>(event)),
      validationFields: [],
    })),
    forgetValidation: assign({ validationFields: [] }),

    // statuses: each resting state names its own, then `announceStatus` emits a change
    enterInit: assign({ formStatus: 'init' }),
    enterInvalid: assign({ formStatus: 'invalid' }),
    enterUnaccepted: assign({ formStatus: 'unaccepted' }),
    enterSpam: assign({ formStatus: 'spam' }),
    enterAborted: assign({ formStatus: 'aborted' }),
    enterSent: assign({ formStatus: 'sent' }),
    enterFailed: assign({ formStatus: 'failed' }),
    enterPaymentRequired: assign({ formStatus: 'payment-required' }),
    enterCustom: assign({ formStatus: ({ context }) => statusClass(context.response?.status ?? 'custom') }),
    enterSubmitting: assign({ formStatus: 'submitting' }),
    enterResetting: assign({ formStatus: 'resetting' }),
    announceStatus: enqueueActions(({ context, enqueue }) => {
      const status = shownStatus(context);
      if (status === context.status) return;
      enqueue.assign({ status });
      enqueue.emit({ type: 'status.changed', status, previousStatus: context.status });
    }),

    // submission
    clearResponse: assign({ errors: {}, showSummary: false, message: '', response: null }),
    announceSubmission: emit(({ context }) => ({ type: 'submission.started' as const, inputs: submittedInputs(context) })),
    storeResponse: enqueueActions(({ context, event, enqueue }) => {
      const response = outputOf<FeedbackResponse>(event);
      const errors = Object.fromEntries(response.invalid_fields.map((invalid) => [invalid.field, invalid.message]));
      const hasInvalidFields = response.invalid_fields.length > 0;
      const redirect = Array.isArray(response.redirect) ? (response.redirect[0] as { redirect_url?: unknown } | undefined) : undefined;
      enqueue.assign({
        ...refilled(context, response),
        response,
        message: response.message,
        errors,
        showSummary: hasInvalidFields,
        summaryFocus: hasInvalidFields ? context.summaryFocus + 1 : context.summaryFocus,
        postedDataHash: response.posted_data_hash ?? context.postedDataHash,
        resetOnMailSent: response.status === 'mail_sent',
        redirectUrl:
          response.status !== 'mail_sent'
            ? null
            : typeof redirect?.redirect_url === 'string'
              ? redirect.redirect_url
              : (context.form.redirect ?? null),
      });
      enqueue.emit({ type: 'submission.answered', status: statusClass(response.status), response, inputs: submittedInputs(context) });
    }),
    storeRequestError: assign({ message: ({ event }) => errorMessage(errorOf(event)) }),

    // reset and refill
    resetValues: assign(({ context }) => ({
      values: initialValues(context.form.fields),
      edited: [],
      errors: {},
      showSummary: false,
      validationFields: [],
      announcedCounts: {},
      resets: context.resets + 1,
    })),
    applyRefill: enqueueActions(({ context, event, enqueue }) => {
      const response = event.type.startsWith('xstate.done.') ? outputOf<RefillResponse>(event) : null;
      enqueue.assign({ ...refilled(context, response), resetOnMailSent: false });
      enqueue.emit({ type: 'form.reset', status: context.resetOnMailSent ? 'sent' : 'init', response });
    }),
  },
  delays: {
    counterPause: COUNTER_ANNOUNCE_DELAY_MS,
  },
}).createMachine({
  id: 'contactForm',
  context: ({ input }) => createContext(input),
  initial: 'starting',
  states: {
    // Decided before the first render, so the prerendered HTML and hydration agree.
    starting: {
      always: [
        { guard: 'isMisplaced', target: 'misplaced' },
        { guard: 'hasConfigProblem', target: 'plainForm.unconfigured', actions: 'logConfigProblem' },
        { target: 'plainForm.checkingSupport' },
      ],
    },
    /** Inside another contact form's container: an error takes the form's place. */
    misplaced: {},
    /**
     * The HTML form without the plugin's behaviour: what the visitor types is kept (the inputs
     * are the machine's), and the browser posts the form itself.
     */
    plainForm: {
      initial: 'checkingSupport',
      on: {
        'field.input': { actions: 'storeInput' },
        'field.change': { actions: 'storeChange' },
      },
      states: {
        /** The prerendered state: the page's scripts have not yet looked at the browser. */
        checkingSupport: {
          invoke: {
            id: 'browserSupport',
            src: 'browserSupport',
            onDone: [{ guard: 'hasMissingFeature', target: 'unsupported', actions: 'logMissingFeature' }, { target: '#contactForm.active' }],
            onError: { target: 'unsupported', actions: 'logError' },
          },
        },
        /** No `wpcf7` or no `wpcf7.api`: the console says which. */
        unconfigured: {},
        /** The browser lacks fetch, FormData…: the console says which. */
        unsupported: {},
      },
    },
    active: {
      type: 'parallel',
      tags: ['interactive'],
      states: {
        fields: {
          initial: 'settled',
          on: {
            // Targeting a child from the region re-enters `typing`, so each key restarts the pause.
            'field.input': { target: '.typing', actions: 'storeInput' },
            'field.change': { actions: 'storeChange' },
            'field.blur': { guard: 'isEditedField', actions: 'commitField' },
          },
          states: {
            settled: {},
            /** Typing: counters update at once, their announcement waits for a pause. */
            typing: {
              after: { counterPause: { target: 'settled', actions: 'announceCounters' } },
            },
          },
        },
        schema: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchSchema',
                src: 'fetchSchema',
                input: apiInput,
                onDone: { target: 'loaded', actions: 'storeSchema' },
                onError: { target: 'failed', actions: 'logError' },
              },
            },
            loaded: {},
            /** Fields are not validated in the browser; the server still validates everything. */
            failed: {},
          },
        },
        recaptcha: {
          initial: 'pending',
          states: {
            pending: {
              always: [{ guard: 'isRecaptchaForm', target: 'loading' }, { target: 'off' }],
            },
            loading: {
              invoke: {
                id: 'recaptchaSetup',
                src: 'recaptchaSetup',
                input: ({ context }) => ({ api: apiInput({ context }).api }),
                onDone: [
                  { guard: 'hasSiteKey', target: 'executing', actions: 'storeSiteKey' },
                  { target: 'off', actions: 'disableRecaptcha' },
                ],
                onError: { target: 'off', actions: ['disableRecaptcha', 'logError'] },
              },
            },
            ready: {
              on: {
                'field.change': { target: 'executing', actions: 'askForFormToken' },
                'field.blur': { guard: 'isEditedField', target: 'executing', actions: 'askForFormToken' },
              },
            },
            /** Token failures are only logged: the server decides what a missing token means. */
            executing: {
              invoke: {
                id: 'recaptchaToken',
                src: 'recaptchaToken',
                input: ({ context }) => ({ action: context.recaptchaAction }),
                onDone: { target: 'ready', actions: 'storeToken' },
                onError: { target: 'ready', actions: 'logError' },
              },
            },
            off: {},
          },
        },
        validation: {
          initial: 'idle',
          on: {
            // A change during a validation restarts it with both fields (`validating` is re-entered).
            'field.change': { guard: 'hasSchema', target: '.validating', actions: 'queueValidation' },
            'field.blur': { guard: 'isEditedFieldWithSchema', target: '.validating', actions: 'queueValidation' },
          },
          states: {
            idle: {},
            validating: {
              entry: ['startValidating', 'announceStatus'],
              exit: ['stopValidating', 'announceStatus'],
              invoke: {
                id: 'validateFields',
                src: 'validateFields',
                input: ({ context }) => ({
                  schema: context.schema!,
                  entries: submissionEntries(context),
                  fields: context.validationFields,
                }),
                onDone: { target: 'idle', actions: 'storeValidation' },
                onError: { target: 'idle', actions: ['forgetValidation', 'logError'] },
              },
            },
          },
        },
        form: {
          initial: 'starting',
          states: {
            // A cached page cannot carry a visitor's quiz or captcha: those are refilled first.
            starting: {
              always: [{ guard: 'hasChallengeFields', target: 'resetting' }, { target: 'editable' }],
            },
            editable: {
              initial: 'init',
              on: {
                'form.submit': [
                  { guard: 'isProtectedSubmission', target: 'submitting.protecting' },
                  { guard: 'isAccepted', target: 'submitting.sending' },
                ],
              },
              states: {
                init: { entry: ['enterInit', 'announceStatus'] },
                invalid: { entry: ['enterInvalid', 'announceStatus'] },
                unaccepted: { entry: ['enterUnaccepted', 'announceStatus'] },
                spam: { entry: ['enterSpam', 'announceStatus'] },
                aborted: { entry: ['enterAborted', 'announceStatus'] },
                sent: { entry: ['enterSent', 'announceStatus'] },
                failed: { entry: ['enterFailed', 'announceStatus'] },
                paymentRequired: { entry: ['enterPaymentRequired', 'announceStatus'] },
                custom: { entry: ['enterCustom', 'announceStatus'] },
              },
            },
            submitting: {
              tags: ['submitting'],
              // Every submission starts clean: earlier errors and messages go.
              entry: ['clearResponse', 'enterSubmitting', 'announceStatus', 'announceSubmission'],
              initial: 'sending',
              states: {
                protecting: {
                  invoke: {
                    id: 'recaptchaSubmitToken',
                    src: 'recaptchaSubmitToken',
                    input: { action: 'contactform' },
                    onDone: { target: 'sending', actions: 'storeToken' },
                    onError: { target: 'sending', actions: 'logError' },
                  },
                },
                sending: {
                  invoke: {
                    id: 'submitFeedback',
                    src: 'submitFeedback',
                    input: ({ context }) => ({ ...apiInput({ context }), entries: submissionEntries(context) }),
                    onDone: [
                      { guard: 'isMailSent', target: '#contactForm.active.form.resetting', actions: 'storeResponse' },
                      { guard: 'isValidationFailed', target: '#contactForm.active.form.editable.invalid', actions: 'storeResponse' },
                      { guard: 'isAcceptanceMissing', target: '#contactForm.active.form.editable.unaccepted', actions: 'storeResponse' },
                      { guard: 'isSpam', target: '#contactForm.active.form.editable.spam', actions: 'storeResponse' },
                      { guard: 'isAborted', target: '#contactForm.active.form.editable.aborted', actions: 'storeResponse' },
                      { guard: 'isMailFailed', target: '#contactForm.active.form.editable.failed', actions: 'storeResponse' },
                      { guard: 'isPaymentRequired', target: '#contactForm.active.form.editable.paymentRequired', actions: 'storeResponse' },
                      { target: '#contactForm.active.form.editable.custom', actions: 'storeResponse' },
                    ],
                    // Offline, not JSON, refused: the message says so and the form can be sent again.
                    onError: { target: '#contactForm.active.form.editable.init', actions: ['storeRequestError', 'logError'] },
                  },
                },
              },
            },
            // Contact Form 7's reset: the form is emptied, quiz and captcha refilled, and the status
            // returns to sent (after mail_sent) or init.
            resetting: {
              entry: ['resetValues', 'enterResetting', 'announceStatus'],
              invoke: {
                id: 'refill',
                src: 'refill',
                input: apiInput,
                onDone: [
                  { guard: 'isSentWithRedirect', target: 'redirecting', actions: 'applyRefill' },
                  { guard: 'isResetAfterSent', target: 'editable.sent', actions: 'applyRefill' },
                  { target: 'editable.init', actions: 'applyRefill' },
                ],
                onError: [
                  { guard: 'isSentWithRedirect', target: 'redirecting', actions: ['applyRefill', 'logError'] },
                  { guard: 'isResetAfterSent', target: 'editable.sent', actions: ['applyRefill', 'logError'] },
                  { target: 'editable.init', actions: ['applyRefill', 'logError'] },
                ],
              },
            },
            /** Sent; the visitor goes on to the confirmation page (the redirect add-on's behaviour). */
            redirecting: {
              entry: ['enterSent', 'announceStatus'],
              invoke: { id: 'navigate', src: 'navigate', input: ({ context }) => ({ url: context.redirectUrl ?? '/' }) },
            },
          },
        },
      },
    },
  },
});
