// reCAPTCHA v3 as actors, for every form that uses it: the setup reads the site key from the
// public configuration and loads the provider only when there is one; a token is asked for per
// action (`homepage`, `contactform`, the newsletter's own).
import { fromPromise } from 'xstate';
import { getPageRecaptcha } from './recaptcha.service.ts';
import { fetchSiteConfig } from './site-config.client.ts';

export interface RecaptchaSetupInput {
  /** The REST root the site configuration is read from. */
  root: string;
}

export interface RecaptchaSetupOutput {
  /** null: the site has no reCAPTCHA key, the form goes without. */
  siteKey: string | null;
}

export const recaptchaSetup = fromPromise<RecaptchaSetupOutput, RecaptchaSetupInput>(async ({ input, signal }) => {
  const { recaptchaSiteKey } = await fetchSiteConfig(input.root, { signal });
  if (!recaptchaSiteKey) return { siteKey: null };
  await getPageRecaptcha().load(recaptchaSiteKey);
  return { siteKey: recaptchaSiteKey };
});

/** A reCAPTCHA token for an action. */
export const recaptchaToken = fromPromise<string, { action: string }>(({ input }) => getPageRecaptcha().execute(input.action));
