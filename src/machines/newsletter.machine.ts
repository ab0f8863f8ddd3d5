// A Brevo (Sendinblue) newsletter form, to the plugin's client flow: idle → validating →
// submitting (buttons disabled, loader shown, the form marked processing) → the answer's notice
// (success and update: success, following a redirect when the form has one; already_exist: a
// warning; failure, invalid, gcaptchaEmpty, gcaptchaFail: an error; no answer, not JSON or not
// in the plugin's shape: the raw error). After any answer the form is reset, the captcha token
// dropped, and the message fades 2000 ms later. Before the first submission nothing is fetched:
// the site's reCAPTCHA configuration, a token (only with a site key) and the `sib_subscribe`
// nonce are asked for while submitting; a 403 `sib_invalid_nonce` fetches a new nonce once.
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { browserSupport } from '../services/browser-support.actor.ts';
import type { BrowserSupport } from '../services/browser-support.service.ts';
import { navigate } from '../services/navigate.actor.ts';
import { INVALID_NONCE_CODE, NONCE_ACTIONS, type SubscribeAnswer } from '../services/newsletter-api.client.ts';
import { fetchNonce, subscribe } from '../services/newsletter.actor.ts';
import { recaptchaSetup, recaptchaToken, type RecaptchaSetupOutput } from '../services/recaptcha.actor.ts';
import { SITE_REST_ROOT } from '../services/site-config.client.ts';
import {
  createContext,
  emptyEntered,
  errorsOf,
  messageKindOf,
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
    isUnconfiguredCaptcha: ({ context }) => context.form.recaptcha && context.siteKey === undefined,
    hasSiteKey: ({ context }) => typeof context.siteKey === 'string',
    hasSiteKeyAnswer: (_, setupOutput: RecaptchaSetupOutput) => setupOutput.siteKey !== null,
    hasNonce: ({ context }) => context.nonce !== null,
    isExpiredNonce: ({ context }, answer: SubscribeAnswer) => answer.code === INVALID_NONCE_CODE && !context.nonceRefetched,
    isSubscribedWithRedirect: (_, answer: SubscribeAnswer) => messageKindOf(answer) === 'success' && answer.redirect !== '',
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
      enqueue.assign({ errors: errorsOf(problemsOf(context)), message: '', messageKind: null });
      // GOV.UK: after a failed submit the error summary takes the focus.
      enqueue.emit({ type: 'focus.summary' });
    }),
    startSubmission: assign({ errors: {}, message: '', messageKind: null, nonceRefetched: false, token: '' }),
    storeSiteKey: assign((_, setupOutput: RecaptchaSetupOutput) => ({ siteKey: setupOutput.siteKey })),
    forgetSiteKey: assign({ siteKey: null }),
    storeToken: assign((_, token: string) => ({ token })),
    storeNonce: assign((_, nonce: string) => ({ nonce })),
    dropNonce: assign({ nonce: null, nonceRefetched: true }),
    showAnswer: assign((_, answer: SubscribeAnswer) => ({ message: answer.message, messageKind: messageKindOf(answer), redirect: answer.redirect })),
    // The raw error is shown, as the plugin does, and logged.
    showTransportError: enqueueActions(({ enqueue }, failure: { error: unknown }) => {
      enqueue.assign({ message: rawMessage(failure.error), messageKind: 'error' });
      enqueue(() => console.error(failure.error));
    }),
    // After any answer, as the plugin does: the form is reset and the captcha token dropped.
    resetForm: assign(({ context }) => ({ entered: emptyEntered(context.form, context.smsPrefix), token: '', resets: context.resets + 1 })),
    clearMessage: assign({ message: '', messageKind: null }),
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
    /** The prerendered state: the form waits for the page's script (without it, the mailto link). */
    starting: {
      invoke: {
        id: 'browserSupport',
        src: 'browserSupport',
        onDone: [{ guard: { type: 'hasMissingFeature', params: ({ event }) => event.output }, target: 'unsupported' }, { target: 'editing' }],
        onError: { target: 'unsupported', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** No fetch or FormData: the form stays disabled and the section's e-mail link does the job. */
    unsupported: {},
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
        /** An answer's message, shown until it fades. */
        answered: {
          initial: 'shown',
          states: {
            shown: { after: { messageFadeDelay: 'fading' } },
            fading: { after: { messageFade: { target: '#newsletter.editing.idle', actions: 'clearMessage' } } },
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
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isUnconfiguredCaptcha', target: 'configuring' }, { guard: 'hasSiteKey', target: 'protecting' }, { target: 'authorising' }],
        },
        /** Reads the site's public configuration; reCAPTCHA is loaded only with a site key. */
        configuring: {
          invoke: {
            id: 'recaptchaSetup',
            src: 'recaptchaSetup',
            input: { root: SITE_REST_ROOT },
            onDone: [
              {
                guard: { type: 'hasSiteKeyAnswer', params: ({ event }) => event.output },
                target: 'protecting',
                actions: { type: 'storeSiteKey', params: ({ event }) => event.output },
              },
              { target: 'authorising', actions: { type: 'storeSiteKey', params: ({ event }) => event.output } },
            ],
            // No configuration: send without a token; the server answers gcaptchaEmpty if it wants one.
            onError: { target: 'authorising', actions: ['forgetSiteKey', { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
          },
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
            onError: {
              target: '#newsletter.editing.answered',
              actions: [{ type: 'showTransportError', params: ({ event }) => ({ error: event.error }) }, 'resetForm'],
            },
          },
        },
        sending: {
          invoke: {
            id: 'subscribe',
            src: 'subscribe',
            input: ({ context }) => ({ action: context.form.action, entries: newsletterEntries(context) }),
            onDone: [
              { guard: { type: 'isExpiredNonce', params: ({ event }) => event.output }, target: 'fetchingNonce', actions: 'dropNonce' },
              {
                guard: { type: 'isSubscribedWithRedirect', params: ({ event }) => event.output },
                target: '#newsletter.redirecting',
                actions: [{ type: 'showAnswer', params: ({ event }) => event.output }, 'resetForm'],
              },
              { target: '#newsletter.editing.answered', actions: [{ type: 'showAnswer', params: ({ event }) => event.output }, 'resetForm'] },
            ],
            onError: {
              target: '#newsletter.editing.answered',
              actions: [{ type: 'showTransportError', params: ({ event }) => ({ error: event.error }) }, 'resetForm'],
            },
          },
        },
      },
    },
    /** Subscribed, and the form names a page to go to. */
    redirecting: {
      invoke: { id: 'navigate', src: 'navigate', input: ({ context }) => ({ url: context.redirect }) },
    },
  },
});
