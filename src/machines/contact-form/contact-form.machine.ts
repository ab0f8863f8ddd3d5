// The contact form, to the behaviour of Contact Form 7's client (includes/js/src/*.js). The form
// checks its placement, its configuration and the browser (until then, or when one of them
// fails, it is the plain HTML form, which still posts), then runs five regions at once:
//  - fields:     values as the visitor types and chooses; a pause in typing announces counters
//  - schema:     the SWV schema fetched from the server, for validating changed fields
//  - recaptcha:  reCAPTCHA v3 set up from the site's config at the visitor's first interaction
//                with the form (README.md, "The contact form"); a token then and on each change
//  - validation: once the schema is there, a changed field is validated alone
//  - form:       init → submitting → an answer's status (invalid, unaccepted, spam, aborted,
//                failed, payment-required, custom-…), or after mail_sent: resetting (refill) → sent
// The plugin's status is read from the state (the `status:*` tags, contact-form.selectors.ts);
// effects are invoked actors from src/services, so tests replace each with a controllable fake.
import { and, assertEvent, assign, enqueueActions, not, or, setup, stateIn } from 'xstate';
import type { FeedbackResponse, RefillResponse } from '../../services/contact-form/cf7-api.types.ts';
import { browserSupport } from '../../services/shared/browser-support.actor.ts';
import type { BrowserSupport } from '../../services/shared/browser-support.service.ts';
import { fetchSchema, refill, submitFeedback, validateFields } from '../../services/contact-form/contact-form.actor.ts';
import { addOnPlanOf, hasAddOnWork } from '../../services/contact-form/redirect-add-on.answer.ts';
import { redirectAddOnMachine } from './redirect-add-on.machine.ts';
import { recaptchaSetup, recaptchaToken, type RecaptchaSetupOutput } from '../../services/shared/recaptcha.actor.ts';
import type { SwvSchema, ValidationResult } from '../../validation/index.ts';
import { ANSWER_STATES, ANSWER_STATUS, CONTACT_FORM_API, statusClass } from '../../validation/contact-form/index.ts';
import { answered, errorsAfterValidation, refilled } from './contact-form-answer.ts';
import { createContext } from './contact-form-initial-context.ts';
import { submissionEntries, submittedInputs } from './contact-form-submission.ts';
import { applyChange, commitField, fieldOf, hasChallenges, hasCounter, initialValues, isAccepted, textOf } from './contact-form-values.ts';
import { COUNTER_ANNOUNCE_DELAY_MS } from './contact-form.constants.ts';
import { answerTag, statusTag } from './contact-form-status.ts';
import type { ContactFormContext, ContactFormEmitted, ContactFormEvent, ContactFormInput } from './contact-form.types.ts';

const errorMessage = (error: unknown) => (error instanceof Error && error.message !== '' ? error.message : String(error));

const apiInput = ({ context }: { context: ContactFormContext }) => ({
  api: context.wpcf7.ok ? context.wpcf7.config.api : CONTACT_FORM_API,
  formId: context.form.id,
});

export const contactFormMachine = setup({
  types: {
    input: {} as ContactFormInput,
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    emitted: {} as ContactFormEmitted,
    children: {} as { redirectAddOn: 'redirectAddOn' },
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
    // What happens after a sent message (the redirect add-on): a child started by the answer.
    redirectAddOn: redirectAddOnMachine,
  },
  guards: {
    isMisplaced: ({ context }) => context.nested,
    hasConfigProblem: ({ context }) => !context.wpcf7.ok,
    hasMissingFeature: (_, support: BrowserSupport) => support.missing !== null,
    isRecaptchaForm: ({ context }) => context.form.recaptcha,
    hasSchema: stateIn('#contactForm.active.schema.loaded'),
    hasSiteKey: (_, setupOutput: RecaptchaSetupOutput) => setupOutput.siteKey !== null,
    isEditedField: ({ context }, field: { name: string }) => context.edited.includes(field.name),
    hasChallengeFields: ({ context }) => hasChallenges(context.form),
    isAccepted: ({ context }) => isAccepted(context.form.fields, context.values),
    // reCAPTCHA is on until it is known to be unavailable (its region is `off`). A submission
    // with nothing asked of it yet (the focus came before the scripts) goes without a token.
    isProtectedSubmission: and([not(stateIn('#contactForm.active.recaptcha.off')), not(stateIn('#contactForm.active.recaptcha.idle')), 'isAccepted']),
    // The provider is loaded once a token is being asked for or the last one has come.
    isRecaptchaLoaded: or([stateIn('#contactForm.active.recaptcha.ready'), stateIn('#contactForm.active.recaptcha.executing')]),
    isRecaptchaOff: stateIn('#contactForm.active.recaptcha.off'),
    isAnswer: ({ context }, expected: { status: FeedbackResponse['status'] }) => context.response?.status === expected.status,
  },
  actions: {
    logConfigProblem: ({ context }) => {
      if (!context.wpcf7.ok) console.error(context.wpcf7.problem);
    },
    logError: (_, problem: { error: unknown }) => console.error(problem.error),
    // The add-on's answer keys run as a child of their own; a new sent message replaces it.
    startRedirectAddOn: enqueueActions(({ context, enqueue }) => {
      const plan = addOnPlanOf(context.response ?? {});
      enqueue.stopChild('redirectAddOn');
      if (hasAddOnWork(plan)) enqueue.spawnChild('redirectAddOn', { id: 'redirectAddOn', input: { plan } });
    }),

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
    storeSchema: assign((_, schema: SwvSchema) => ({ schema })),
    askForFormToken: assign({ recaptchaAction: 'contactform' as const }),
    storeToken: assign((_, token: string) => ({ token })),

    // validation
    queueValidation: assign(({ context, event }) => {
      assertEvent(event, ['field.change', 'field.blur']);
      const field = fieldOf(context.form.fields, event.name)?.name ?? event.name;
      return { validationFields: context.validationFields.includes(field) ? context.validationFields : [...context.validationFields, field] };
    }),
    storeValidation: assign(({ context }, result: ValidationResult) => ({
      errors: errorsAfterValidation(context.errors, context.validationFields, result),
      validationFields: [],
    })),
    forgetValidation: assign({ validationFields: [] }),

    // submission
    clearResponse: assign({ errors: {}, message: '', response: null }),
    announceSubmission: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'submission.started', inputs: submittedInputs(context) });
    }),
    storeResponse: enqueueActions(({ context, enqueue }, response: FeedbackResponse) => {
      enqueue.assign(answered(context, response));
      enqueue.emit({ type: 'submission.answered', status: statusClass(response.status), response, inputs: submittedInputs(context) });
      // GOV.UK: after an answer with invalid fields the error summary takes the focus.
      if (response.invalid_fields.length > 0) enqueue.emit({ type: 'focus.summary' });
    }),
    storeRequestError: assign((_, failure: { error: unknown }) => ({ message: errorMessage(failure.error) })),

    // reset and refill
    resetValues: assign(({ context }) => ({
      values: initialValues(context.form.fields),
      edited: [],
      errors: {},
      validationFields: [],
      announcedCounts: {},
      resets: context.resets + 1,
    })),
    applyRefill: enqueueActions(({ context, enqueue }, refillAnswer: RefillResponse | null) => {
      enqueue.assign(refilled(context, refillAnswer));
      const sent = context.response?.status === ANSWER_STATUS.sent.status;
      enqueue.emit({ type: 'form.reset', status: sent ? ANSWER_STATUS.sent.className : 'init', response: refillAnswer });
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
            onDone: [
              {
                guard: { type: 'hasMissingFeature', params: ({ event }) => event.output },
                target: 'unsupported',
                actions: { type: 'logError', params: ({ event }) => ({ error: event.output.missing }) },
              },
              { target: '#contactForm.active' },
            ],
            onError: { target: 'unsupported', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
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
            'field.blur': { guard: { type: 'isEditedField', params: ({ event }) => event }, actions: 'commitField' },
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
                onDone: { target: 'loaded', actions: { type: 'storeSchema', params: ({ event }) => event.output } },
                onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
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
              always: [{ guard: 'isRecaptchaForm', target: 'idle' }, { target: 'off' }],
            },
            /**
             * Nothing is read or loaded from Google until the visitor first uses the form
             * (README.md, "The contact form"): a focus on any of its controls (the view sends
             * `field.focus` from the form's focusin; typing and sending start with one), a choice
             * or leaving a field.
             */
            idle: {
              on: {
                'field.focus': { target: 'loading' },
                // A control that had the focus before the scripts started: its change, or leaving it.
                'field.change': { target: 'loading' },
                'field.blur': { guard: { type: 'isEditedField', params: ({ event }) => event }, target: 'loading' },
              },
            },
            loading: {
              invoke: {
                id: 'recaptchaSetup',
                src: 'recaptchaSetup',
                input: ({ context }) => ({ root: apiInput({ context }).api.root }),
                onDone: [{ guard: { type: 'hasSiteKey', params: ({ event }) => event.output }, target: 'executing' }, { target: 'off' }],
                onError: { target: 'off', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            ready: {
              on: {
                'field.change': { target: 'executing', actions: 'askForFormToken' },
                'field.blur': { guard: { type: 'isEditedField', params: ({ event }) => event }, target: 'executing', actions: 'askForFormToken' },
              },
            },
            /** Token failures are only logged: the server decides what a missing token means. */
            executing: {
              invoke: {
                id: 'recaptchaToken',
                src: 'recaptchaToken',
                input: ({ context }) => ({ action: context.recaptchaAction }),
                onDone: { target: 'ready', actions: { type: 'storeToken', params: ({ event }) => event.output } },
                onError: { target: 'ready', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            /** No site key, or the provider did not load: the form is sent without a token. */
            off: {},
          },
        },
        validation: {
          initial: 'unavailable',
          states: {
            /** Until the schema arrives (or for good, when it cannot be fetched). */
            unavailable: {
              always: { guard: 'hasSchema', target: 'idle' },
            },
            idle: {
              on: {
                'field.change': { target: 'validating', actions: 'queueValidation' },
                'field.blur': { guard: { type: 'isEditedField', params: ({ event }) => event }, target: 'validating', actions: 'queueValidation' },
              },
            },
            validating: {
              tags: [statusTag('validating')],
              on: {
                // A change during a validation restarts it with both fields.
                'field.change': { target: 'validating', reenter: true, actions: 'queueValidation' },
                'field.blur': {
                  guard: { type: 'isEditedField', params: ({ event }) => event },
                  target: 'validating',
                  reenter: true,
                  actions: 'queueValidation',
                },
              },
              invoke: {
                id: 'validateFields',
                src: 'validateFields',
                input: ({ context }) => ({
                  // Validation is available only once the schema is stored.
                  schema: context.schema!,
                  entries: submissionEntries(context),
                  fields: context.validationFields,
                }),
                onDone: { target: 'idle', actions: { type: 'storeValidation', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: ['forgetValidation', { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
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
                  { guard: 'isProtectedSubmission', target: 'submitting.configuring' },
                  { guard: 'isAccepted', target: 'submitting.sending' },
                ],
              },
              states: {
                init: { tags: [statusTag('init')] },
                // One state per answer status (validation/contact-form/contact-form-statuses.ts).
                invalid: { tags: [answerTag('invalid')] },
                unaccepted: { tags: [answerTag('unaccepted')] },
                spam: { tags: [answerTag('spam')] },
                aborted: { tags: [answerTag('aborted')] },
                sent: { tags: [answerTag('sent')] },
                failed: { tags: [answerTag('failed')] },
                paymentRequired: { tags: [answerTag('paymentRequired')] },
                /** A status of another plugin: its class is `custom-<status>`. */
                custom: { tags: [statusTag('custom')] },
              },
            },
            submitting: {
              tags: ['submitting', statusTag('submitting')],
              // Every submission starts clean: earlier errors and messages go.
              entry: ['clearResponse', 'announceSubmission'],
              initial: 'sending',
              states: {
                /** A submission before the provider has loaded waits for it (or for it to be off). */
                configuring: {
                  always: [{ guard: 'isRecaptchaLoaded', target: 'protecting' }, { guard: 'isRecaptchaOff', target: 'sending' }],
                },
                protecting: {
                  invoke: {
                    id: 'recaptchaSubmitToken',
                    src: 'recaptchaSubmitToken',
                    input: { action: 'contactform' },
                    onDone: { target: 'sending', actions: { type: 'storeToken', params: ({ event }) => event.output } },
                    onError: { target: 'sending', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
                sending: {
                  invoke: {
                    id: 'submitFeedback',
                    src: 'submitFeedback',
                    input: ({ context }) => ({ ...apiInput({ context }), entries: submissionEntries(context) }),
                    onDone: { target: '#contactForm.active.form.answered', actions: { type: 'storeResponse', params: ({ event }) => event.output } },
                    // Offline, not JSON, refused: the message says so and the form can be sent again.
                    onError: {
                      target: '#contactForm.active.form.editable.init',
                      actions: [
                        { type: 'storeRequestError', params: ({ event }) => ({ error: event.error }) },
                        { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                      ],
                    },
                  },
                },
              },
            },
            /**
             * The answer's status decides where the form goes: a sent message is reset first, any
             * other known status rests in its `editable` state, a plugin's own in `custom`.
             */
            answered: {
              always: [
                { guard: { type: 'isAnswer', params: { status: ANSWER_STATUS.sent.status } }, target: 'resetting', actions: 'startRedirectAddOn' },
                ...ANSWER_STATES.filter((state) => state !== 'sent').map((state) => ({
                  guard: { type: 'isAnswer' as const, params: { status: ANSWER_STATUS[state].status } },
                  target: `editable.${state}`,
                })),
                { target: 'editable.custom' },
              ],
            },
            // Contact Form 7's reset: the form is emptied, quiz and captcha refilled, and the status
            // returns to sent (after mail_sent) or init.
            resetting: {
              tags: [statusTag('resetting')],
              entry: 'resetValues',
              invoke: {
                id: 'refill',
                src: 'refill',
                input: apiInput,
                onDone: [
                  {
                    guard: { type: 'isAnswer', params: { status: ANSWER_STATUS.sent.status } },
                    target: 'editable.sent',
                    actions: { type: 'applyRefill', params: ({ event }) => event.output },
                  },
                  { target: 'editable.init', actions: { type: 'applyRefill', params: ({ event }) => event.output } },
                ],
                onError: [
                  {
                    guard: { type: 'isAnswer', params: { status: ANSWER_STATUS.sent.status } },
                    target: 'editable.sent',
                    actions: [{ type: 'applyRefill', params: null }, { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
                  },
                  { target: 'editable.init', actions: [{ type: 'applyRefill', params: null }, { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
                ],
              },
            },
          },
        },
      },
    },
  },
});
