// A Brevo (Sendinblue) newsletter form, to the plugin's client flow: idle → validating →
// submitting (buttons disabled, loader shown, the form marked processing) → the answer's notice
// (success and update: success, following a redirect when the form has one; already_exist: a
// warning; failure, invalid, gcaptchaEmpty, gcaptchaFail: an error; no answer, not JSON or not
// in the plugin's shape: the raw error). After any answer the form is reset, the captcha token
// dropped, and the message fades 2000 ms later. Before the first submission nothing is fetched:
// the site's reCAPTCHA configuration, a token (only with a site key) and the `sib_subscribe`
// nonce are asked for while submitting; a 403 `sib_invalid_nonce` fetches a new nonce once.
// Once checked, the browser runs two regions, as the contact form does (ARCHITECTURE.md, "State
// lives in the state"):
//  - recaptcha: pending until the first submission, then the site's configuration is read
//               (loading) and the provider is ready, or off (no site key, no configuration)
//  - form:      editing → validating → submitting → an answer whose kind (success, warning,
//               error) is a state with its `message:*` tag (newsletter.selectors.ts)
import { assertEvent, assign, enqueueActions, setup, stateIn } from 'xstate';
import { browserSupport } from '../../services/shared/browser-support.actor.ts';
import type { BrowserSupport } from '../../services/shared/browser-support.service.ts';
import { navigate } from '../../services/shared/navigate.actor.ts';
import { INVALID_NONCE_CODE, NONCE_ACTIONS, type SubscribeAnswer } from '../../services/newsletter/newsletter-api.client.ts';
import { fetchNonce, subscribe } from '../../services/newsletter/newsletter.actor.ts';
import { recaptchaSetup, recaptchaToken, type RecaptchaSetupOutput } from '../../services/shared/recaptcha.actor.ts';
import { SITE_REST_ROOT } from '../../services/shared/site-config.client.ts';
import {
  createContext,
  emptyEntered,
  errorsOf,
  messageKindOf,
  type NewsletterMessageKind,
  newsletterEntries,
  problemsOf,
  withInput,
  withoutPrefixOnlySms,
  withPrefix,
  type NewsletterContext,
  type NewsletterEmitted,
  type NewsletterEvent,
  type NewsletterInput,
} from './newsletter-context.ts';
import { NEWSLETTER_MESSAGE_FADE_DELAY_MS, NEWSLETTER_MESSAGE_FADE_MS, NEWSLETTER_RECAPTCHA_ACTION } from './newsletter.constants.ts';

/** The raw error a transport failure shows (the plugin shows what jQuery reports). */
const rawMessage = (error: unknown) => (error instanceof Error && error.message !== '' ? error.message : String(error));

/** Where a failed request (no answer, not the plugin's) leaves the form: its raw error shown. */
const FAILED_REQUEST = '#newsletter.active.form.editing.answered.kind.error';
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const subscribeInput = ({ context }: { context: NewsletterContext }) => ({ action: context.form.action, entries: newsletterEntries(context) });

export const newsletterMachine = setup({
  types: {
    input: {} as NewsletterInput,
    context: {} as NewsletterContext,
    events: {} as NewsletterEvent,
    emitted: {} as NewsletterEmitted,
  },
  actors: { browserSupport, recaptchaSetup, recaptchaToken, fetchNonce, subscribe, navigate },
  guards: {
    hasMissingFeature: (_, support: BrowserSupport) => support.missing !== null,
    hasProblems: ({ context }) => problemsOf(context).length > 0,
    isWithoutRecaptcha: ({ context }) => !context.form.recaptcha,
    isSubmitting: stateIn('#newsletter.active.form.submitting'),
    hasSiteKey: (_, setupOutput: RecaptchaSetupOutput) => setupOutput.siteKey !== null,
    isRecaptchaReady: stateIn('#newsletter.active.recaptcha.ready'),
    isRecaptchaOff: stateIn('#newsletter.active.recaptcha.off'),
    hasNonce: ({ context }) => context.nonce !== null,
    isExpiredNonce: (_, answer: SubscribeAnswer) => answer.code === INVALID_NONCE_CODE,
    isSubscribedWithRedirect: ({ context }) => context.answer !== null && messageKindOf(context.answer) === 'success' && context.answer.redirect !== '',
    isAnswerKind: ({ context }, expected: { kind: NewsletterMessageKind }) => context.answer !== null && messageKindOf(context.answer) === expected.kind,
  },
  actions: {
    logError: (_, problem: { error: unknown }) => console.error(problem.error),
    storeInput: assign(({ context, event }) => {
      assertEvent(event, 'field.input');
      return { entered: withInput(context.entered, event.name, event.value) };
    }),
    toggleList: assign(({ context, event }) => {
      assertEvent(event, 'list.toggle');
      const others = context.entered.lists.filter((id) => id !== event.id);
      // In the form's order, as the browser would serialize the checkboxes.
      const lists = event.checked ? context.form.lists.map((list) => String(list.id)).filter((id) => id === event.id || others.includes(id)) : others;
      return { entered: { ...context.entered, lists } };
    }),
    toggleConsent: assign(({ context, event }) => {
      assertEvent(event, 'consent.toggle');
      return { entered: { ...context.entered, consent: event.checked } };
    }),
    pickPrefix: assign(({ context, event }) => {
      assertEvent(event, 'prefix.pick');
      return { smsPrefix: event.dialCode, entered: { ...context.entered, sms: withPrefix(context.entered.sms, context.smsPrefix, event.dialCode) } };
    }),
    clearPrefixOnlySms: assign(({ context }) => ({ entered: withoutPrefixOnlySms(context) })),
    showProblems: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ errors: errorsOf(problemsOf(context)), message: '' });
      // GOV.UK: after a failed submit the error summary takes the focus.
      enqueue.emit({ type: 'focus.summary' });
    }),
    startSubmission: assign({ errors: {}, message: '', answer: null, token: '' }),
    storeToken: assign((_, token: string) => ({ token })),
    storeNonce: assign((_, nonce: string) => ({ nonce })),
    dropNonce: assign({ nonce: null }),
    storeAnswer: assign((_, answer: SubscribeAnswer) => ({ answer, message: answer.message })),
    // The raw error is shown, as the plugin does, and logged.
    showTransportError: enqueueActions(({ enqueue }, failure: { error: unknown }) => {
      enqueue.assign({ message: rawMessage(failure.error) });
      enqueue(() => console.error(failure.error));
    }),
    // After any answer, as the plugin does: the form is reset and the captcha token dropped.
    resetForm: assign(({ context }) => ({ entered: emptyEntered(context.form, context.smsPrefix), token: '', resets: context.resets + 1 })),
    clearMessage: assign({ message: '' }),
  },
  delays: {
    messageFadeDelay: NEWSLETTER_MESSAGE_FADE_DELAY_MS,
    messageFade: NEWSLETTER_MESSAGE_FADE_MS,
  },
}).createMachine({
  id: 'newsletter',
  context: ({ input }) => createContext(input),
  initial: 'starting',
  states: {
    /**
     * The prerendered state: the page's script has not looked at the browser yet. The fields are
     * the visitor's already (README.md, "Forms before their code"): what they type is kept.
     */
    starting: {
      on: {
        'field.input': { actions: 'storeInput' },
        'list.toggle': { actions: 'toggleList' },
        'consent.toggle': { actions: 'toggleConsent' },
      },
      invoke: {
        id: 'browserSupport',
        src: 'browserSupport',
        onDone: [{ guard: { type: 'hasMissingFeature', params: ({ event }) => event.output }, target: 'unsupported' }, { target: 'active' }],
        onError: { target: 'unsupported', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** No fetch or FormData: the browser posts the form itself (what is typed is kept). */
    unsupported: {
      on: {
        'field.input': { actions: 'storeInput' },
        'list.toggle': { actions: 'toggleList' },
        'consent.toggle': { actions: 'toggleConsent' },
      },
    },
    active: {
      type: 'parallel',
      states: {
        recaptcha: {
          initial: 'pending',
          states: {
            /** Nothing is read before the first submission. */
            pending: {
              always: [{ guard: 'isWithoutRecaptcha', target: 'off' }, { guard: 'isSubmitting', target: 'loading' }],
            },
            /** Reads the site's public configuration; reCAPTCHA is loaded only with a site key. */
            loading: {
              invoke: {
                id: 'recaptchaSetup',
                src: 'recaptchaSetup',
                input: { root: SITE_REST_ROOT },
                onDone: [{ guard: { type: 'hasSiteKey', params: ({ event }) => event.output }, target: 'ready' }, { target: 'off' }],
                // No configuration: send without a token; the server answers gcaptchaEmpty if it wants one.
                onError: { target: 'off', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            /** A token is asked for before each submission (the form's `protecting`). */
            ready: {},
            /** No site key, or no configuration: the form is sent without a token. */
            off: {},
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              tags: ['interactive'],
              initial: 'idle',
              on: {
                'field.input': { actions: 'storeInput' },
                'list.toggle': { actions: 'toggleList' },
                'consent.toggle': { actions: 'toggleConsent' },
                'prefix.pick': { actions: 'pickPrefix' },
                'form.submit': { target: 'validating' },
              },
              states: {
                idle: {},
                /** An answer's message, of its kind, shown until it fades. */
                answered: {
                  type: 'parallel',
                  states: {
                    kind: {
                      initial: 'error',
                      states: {
                        success: { tags: ['message:success'] },
                        warning: { tags: ['message:warning'] },
                        error: { tags: ['message:error'] },
                      },
                    },
                    display: {
                      initial: 'shown',
                      states: {
                        shown: { after: { messageFadeDelay: 'fading' } },
                        fading: { after: { messageFade: { target: '#newsletter.active.form.editing.idle', actions: 'clearMessage' } } },
                      },
                    },
                  },
                },
              },
            },
            validating: {
              entry: 'clearPrefixOnlySms',
              always: [{ guard: 'hasProblems', target: 'editing.idle', actions: 'showProblems' }, { target: 'submitting' }],
            },
            submitting: {
              tags: ['busy'],
              entry: 'startSubmission',
              // Every way out is an answer or a failed request: the form is reset after each.
              exit: 'resetForm',
              initial: 'configuring',
              states: {
                /** Waits for the recaptcha region to know whether the site has a key. */
                configuring: {
                  always: [{ guard: 'isRecaptchaReady', target: 'protecting' }, { guard: 'isRecaptchaOff', target: 'authorising' }],
                },
                protecting: {
                  invoke: {
                    id: 'recaptchaToken',
                    src: 'recaptchaToken',
                    input: { action: NEWSLETTER_RECAPTCHA_ACTION },
                    onDone: { target: 'authorising', actions: { type: 'storeToken', params: ({ event }) => event.output } },
                    onError: { target: 'authorising', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
                authorising: {
                  always: [{ guard: 'hasNonce', target: 'sending' }, { target: 'fetchingNonce' }],
                },
                fetchingNonce: {
                  invoke: {
                    id: 'fetchNonce',
                    src: 'fetchNonce',
                    input: { action: NONCE_ACTIONS.subscribe },
                    onDone: { target: 'sending', actions: { type: 'storeNonce', params: ({ event }) => event.output } },
                    onError: { target: FAILED_REQUEST, actions: { type: 'showTransportError', params: errorOf } },
                  },
                },
                sending: {
                  invoke: {
                    id: 'subscribe',
                    src: 'subscribe',
                    input: subscribeInput,
                    onDone: [
                      { guard: { type: 'isExpiredNonce', params: ({ event }) => event.output }, target: 'renewingNonce', actions: 'dropNonce' },
                      { target: '#newsletter.active.form.answering', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
                    ],
                    onError: { target: FAILED_REQUEST, actions: { type: 'showTransportError', params: errorOf } },
                  },
                },
                /** After a 403 `sib_invalid_nonce`: a new nonce, once per submission. */
                renewingNonce: {
                  invoke: {
                    id: 'fetchNonce',
                    src: 'fetchNonce',
                    input: { action: NONCE_ACTIONS.subscribe },
                    onDone: { target: 'resending', actions: { type: 'storeNonce', params: ({ event }) => event.output } },
                    onError: { target: FAILED_REQUEST, actions: { type: 'showTransportError', params: errorOf } },
                  },
                },
                /** The second and last try: whatever it answers is shown. */
                resending: {
                  invoke: {
                    id: 'subscribe',
                    src: 'subscribe',
                    input: subscribeInput,
                    onDone: { target: '#newsletter.active.form.answering', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
                    onError: { target: FAILED_REQUEST, actions: { type: 'showTransportError', params: errorOf } },
                  },
                },
              },
            },
            /** The answer's kind decides how its message is shown (or where the visitor goes). */
            answering: {
              always: [
                { guard: 'isSubscribedWithRedirect', target: 'redirecting' },
                { guard: { type: 'isAnswerKind', params: { kind: 'success' } }, target: 'editing.answered.kind.success' },
                { guard: { type: 'isAnswerKind', params: { kind: 'warning' } }, target: 'editing.answered.kind.warning' },
                { target: 'editing.answered.kind.error' },
              ],
            },
            /** Subscribed, and the form names a page to go to. */
            redirecting: {
              tags: ['message:success'],
              invoke: { id: 'navigate', src: 'navigate', input: ({ context }) => ({ url: context.answer?.redirect ?? '' }) },
            },
          },
        },
      },
    },
  },
});
