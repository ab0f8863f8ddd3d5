// A Brevo (Sendinblue) newsletter form, to the plugin's client flow: idle → validating →
// submitting (buttons disabled, loader shown, the form marked processing) → the answer's message
// (success and update: success, following a redirect when the form has one; already_exist: a
// warning; failure, invalid, gcaptchaEmpty, gcaptchaFail and any other status: an error; no
// answer or not JSON: the raw error). After any answer the form is reset, the captcha token
// dropped, and the message fades 2000 ms later. Before the first submission nothing is fetched:
// the site's reCAPTCHA configuration, a token (only with a site key) and the `sib_subscribe`
// nonce are asked for while submitting; a 403 `sib_invalid_nonce` fetches a new nonce once.
import { assertEvent, assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { BrowserSupport } from '../services/browser-support.ts';
import { browserSupport, navigate, recaptchaSetup, recaptchaToken, type RecaptchaSetupOutput } from '../services/contact-form.actors.ts';
import { INVALID_NONCE_CODE, NONCE_ACTIONS, type SubscribeAnswer } from '../services/newsletter-api.client.ts';
import { fetchNonce, subscribe } from '../services/newsletter.actors.ts';
import { siteWpcf7 } from '../services/wpcf7-config.ts';
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
  type NewsletterEvent,
  type NewsletterInput,
} from './newsletter-context.ts';
import { NEWSLETTER_MESSAGE_FADE_DELAY_MS, NEWSLETTER_MESSAGE_FADE_MS, NEWSLETTER_RECAPTCHA_ACTION } from './newsletter.constants.ts';

const outputOf = <T>(event: object): T => (event as DoneActorEvent<T>).output;
const errorOf = (event: object): unknown => (event as ErrorActorEvent).error;
const answerOf = (event: object) => outputOf<SubscribeAnswer>(event);

/** The raw error a transport failure shows (the plugin shows what jQuery reports). */
const rawMessage = (error: unknown) => (error instanceof Error && error.message !== '' ? error.message : String(error));

export const newsletterMachine = setup({
  types: {
    input: {} as NewsletterInput,
    context: {} as NewsletterContext,
    events: {} as NewsletterEvent,
  },
  actors: { browserSupport, recaptchaSetup, recaptchaToken, fetchNonce, subscribe, navigate },
  guards: {
    hasMissingFeature: ({ event }) => outputOf<BrowserSupport>(event).missing !== null,
    hasProblems: ({ context }) => problemsOf(context).length > 0,
    isUnconfiguredCaptcha: ({ context }) => context.form.recaptcha && context.siteKey === undefined,
    hasSiteKey: ({ context }) => typeof context.siteKey === 'string',
    hasSiteKeyAnswer: ({ event }) => outputOf<RecaptchaSetupOutput>(event).siteKey !== null,
    hasNonce: ({ context }) => context.nonce !== null,
    isExpiredNonce: ({ context, event }) => answerOf(event).code === INVALID_NONCE_CODE && !context.nonceRefetched,
    isSubscribedWithRedirect: ({ event }) => messageKindOf(answerOf(event)) === 'success' && answerOf(event).redirect !== '',
  },
  actions: {
    logError: ({ event }) => console.error(errorOf(event)),
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
    showProblems: assign(({ context }) => ({
      errors: errorsOf(problemsOf(context)),
      summaryFocus: context.summaryFocus + 1,
      message: '',
      messageKind: null,
    })),
    startSubmission: assign({ errors: {}, message: '', messageKind: null, nonceRefetched: false, token: '' }),
    storeSiteKey: assign({ siteKey: ({ event }) => outputOf<RecaptchaSetupOutput>(event).siteKey }),
    forgetSiteKey: assign({ siteKey: null }),
    storeToken: assign({ token: ({ event }) => outputOf<string>(event) }),
    storeNonce: assign({ nonce: ({ event }) => outputOf<string>(event) }),
    dropNonce: assign({ nonce: null, nonceRefetched: true }),
    showAnswer: assign(({ event }) => {
      const answer = answerOf(event);
      return { message: answer.msg, messageKind: messageKindOf(answer), redirect: answer.redirect };
    }),
    showTransportError: assign({ message: ({ event }) => rawMessage(errorOf(event)), messageKind: 'error' as const }),
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
        onDone: [{ guard: 'hasMissingFeature', target: 'unsupported' }, { target: 'editing' }],
        onError: { target: 'unsupported', actions: 'logError' },
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
            input: { api: siteWpcf7.api },
            onDone: [
              { guard: 'hasSiteKeyAnswer', target: 'protecting', actions: 'storeSiteKey' },
              { target: 'authorising', actions: 'storeSiteKey' },
            ],
            // No configuration: send without a token; the server answers gcaptchaEmpty if it wants one.
            onError: { target: 'authorising', actions: ['forgetSiteKey', 'logError'] },
          },
        },
        protecting: {
          invoke: {
            id: 'recaptchaToken',
            src: 'recaptchaToken',
            input: { action: NEWSLETTER_RECAPTCHA_ACTION },
            onDone: { target: 'authorising', actions: 'storeToken' },
            onError: { target: 'authorising', actions: 'logError' },
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
            onDone: { target: 'sending', actions: 'storeNonce' },
            onError: { target: '#newsletter.editing.answered', actions: ['showTransportError', 'resetForm', 'logError'] },
          },
        },
        sending: {
          invoke: {
            id: 'subscribe',
            src: 'subscribe',
            input: ({ context }) => ({ action: context.form.action, entries: newsletterEntries(context) }),
            onDone: [
              { guard: 'isExpiredNonce', target: 'fetchingNonce', actions: 'dropNonce' },
              { guard: 'isSubscribedWithRedirect', target: '#newsletter.redirecting', actions: ['showAnswer', 'resetForm'] },
              { target: '#newsletter.editing.answered', actions: ['showAnswer', 'resetForm'] },
            ],
            onError: { target: '#newsletter.editing.answered', actions: ['showTransportError', 'resetForm', 'logError'] },
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
