// reCAPTCHA v3 (score-based, invisible) in the browser: the provider's script is added only once a
// site key is known, then tokens are asked for per action. Contact Form 7 asks for `homepage` when
// the page is ready and `contactform` on every field change and before each submission; the
// server checks the score, the action and the host name.

/** The part of Google's `grecaptcha` object the client uses. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

export interface RecaptchaEnvironment {
  document: Document;
  /** Where the provider's script puts `grecaptcha` (the window). */
  scope: { grecaptcha?: Grecaptcha };
}

export interface RecaptchaClient {
  /** Adds the provider's script for this site key (once) and settles when it is ready. */
  load(siteKey: string): Promise<void>;
  /** A token for the action; waits for `load`, fails when no site key was ever loaded. */
  execute(action: string): Promise<string>;
}

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
export const RECAPTCHA_ACTIONS = { homepage: 'homepage', contactform: 'contactform' } as const;

export function recaptchaScriptUrl(siteKey: string): string {
  return `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
}

export function createRecaptchaClient(env: RecaptchaEnvironment): RecaptchaClient {
  let loading: Promise<{ siteKey: string; grecaptcha: Grecaptcha }> | undefined;

  const whenReady = (grecaptcha: Grecaptcha) => new Promise<Grecaptcha>((resolve) => grecaptcha.ready(() => resolve(grecaptcha)));

  const addScript = (siteKey: string) =>
    new Promise<Grecaptcha>((resolve, reject) => {
      const script = env.document.createElement('script');
      script.src = recaptchaScriptUrl(siteKey);
      script.async = true;
      script.addEventListener('load', () => {
        if (env.scope.grecaptcha) resolve(env.scope.grecaptcha);
        else reject(new Error('reCAPTCHA: the script loaded but defined no grecaptcha'));
      });
      script.addEventListener('error', () => reject(new Error(`reCAPTCHA: could not load ${script.src}`)));
      env.document.head.append(script);
    });

  return {
    load(siteKey) {
      // A page may already have the provider (another plugin loaded it): use it as it is.
      loading ??= (async () => {
        const grecaptcha = env.scope.grecaptcha ?? (await addScript(siteKey));
        return { siteKey, grecaptcha: await whenReady(grecaptcha) };
      })();
      // A failed load may be tried again later (a flaky connection), not remembered forever.
      loading.catch(() => {
        loading = undefined;
      });
      return loading.then(() => undefined);
    },
    async execute(action) {
      if (!loading) throw new Error('reCAPTCHA: no site key has been loaded');
      const { siteKey, grecaptcha } = await loading;
      const token = await grecaptcha.execute(siteKey, { action });
      if (typeof token !== 'string' || token === '') throw new Error(`reCAPTCHA: no token for action "${action}"`);
      return token;
    },
  };
}

let pageClient: RecaptchaClient | undefined;

/** The page's one client (one script, one `grecaptcha`), created on first use in the browser. */
export function getPageRecaptcha(): RecaptchaClient {
  pageClient ??= createRecaptchaClient({ document, scope: window as unknown as RecaptchaEnvironment['scope'] });
  return pageClient;
}
