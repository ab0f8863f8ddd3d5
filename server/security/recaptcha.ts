/*
 * reCAPTCHA v3, verified on the server as CF7 does (modules/recaptcha), for every form that
 * uses it (the contact form's spam check, the newsletter's sign-up): the server posts the
 * form's token with the secret to siteverify and believes a human only when the answer is
 * success, the score is above the threshold (0.50), the action is the one the form asks for
 * (`contactform`, the newsletter's own) and the token was issued on this site's host name. An unreachable, slow or garbled verifier counts as "not human" too, like
 * CF7's non-200 branch: a forged token must not pass because Google could not be asked.
 */

export const RECAPTCHA_THRESHOLD = 0.5;
const VERIFY_TIMEOUT_MS = 5000;

export interface RecaptchaCheck {
  verifyUrl: string;
  secret: string;
  token: string;
  /** The host the visitor posted to; the token's hostname must be the same. */
  hostname: string;
  /** The action the token must have been issued for. */
  action: string;
}

export interface RecaptchaVerdict {
  human: boolean;
  /** Why not, in CF7's words where it has them; empty for a human. */
  reason: string;
  score?: number;
}

interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
  action?: unknown;
  hostname?: unknown;
  'error-codes'?: unknown;
}

export async function verifyRecaptcha(check: RecaptchaCheck): Promise<RecaptchaVerdict> {
  if (check.token.trim() === '') return { human: false, reason: 'reCAPTCHA response token is empty.' };
  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(check.verifyUrl, {
      method: 'POST',
      // No `remoteip` (optional in siteverify): Google is not told the visitor's address by us (README, "Privacy").
      body: new URLSearchParams({ secret: check.secret, response: check.token }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (response.status !== 200) return { human: false, reason: `reCAPTCHA verification answered HTTP ${response.status}.` };
    answer = (await response.json()) as SiteverifyAnswer;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { human: false, reason: `reCAPTCHA verification failed: ${why}` };
  }

  const score = typeof answer.score === 'number' ? answer.score : 0;
  if (answer.success !== true) {
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].join(', ') : 'none';
    return { human: false, reason: `reCAPTCHA token was not accepted (error codes: ${codes}).`, score };
  }
  if (!(score > RECAPTCHA_THRESHOLD)) {
    return {
      human: false,
      reason: `reCAPTCHA score (${score.toFixed(2)}) is lower than the threshold (${RECAPTCHA_THRESHOLD.toFixed(2)}).`,
      score,
    };
  }
  if (answer.action !== check.action) {
    return { human: false, reason: `reCAPTCHA action is ${JSON.stringify(answer.action)}, not "${check.action}".`, score };
  }
  const tokenHost = typeof answer.hostname === 'string' ? answer.hostname.toLowerCase() : '';
  if (tokenHost !== check.hostname.toLowerCase()) {
    return { human: false, reason: `reCAPTCHA token was issued for ${JSON.stringify(tokenHost)}, not this site.`, score };
  }
  return { human: true, reason: '', score };
}
