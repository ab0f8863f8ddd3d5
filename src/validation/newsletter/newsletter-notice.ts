// Where the Brevo plugin's answer to a sign-up puts its notice, `msg`: for the form's statuses an
// object whose key names the notice ({successMsg} for success and update, {errorMsg} for
// failure, {existMsg} for already_exist, {invalidMsg} for invalid), for the captcha statuses the
// notice itself, a string (README.md, "Server endpoints so far"). One table for the server that
// writes it and the browser that reads it.

export const NEWSLETTER_STATUSES = ['success', 'update', 'already_exist', 'invalid', 'failure', 'gcaptchaEmpty', 'gcaptchaFail'] as const;

export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export type NoticeKey = 'successMsg' | 'errorMsg' | 'existMsg' | 'invalidMsg';

/** `msg` of an answer. */
export type NewsletterNotice = string | Partial<Record<NoticeKey, string>>;

const NOTICE_KEY: Record<NewsletterStatus, NoticeKey | null> = {
  success: 'successMsg',
  update: 'successMsg',
  already_exist: 'existMsg',
  invalid: 'invalidMsg',
  failure: 'errorMsg',
  gcaptchaEmpty: null,
  gcaptchaFail: null,
};

/** `msg` for a status and its text. */
export function newsletterNotice(status: NewsletterStatus, text: string): NewsletterNotice {
  const key = NOTICE_KEY[status];
  return key === null ? text : { [key]: text };
}

/** The text the plugin's script shows for a status' `msg`; undefined where it would show "undefined". */
export function noticeText(status: NewsletterStatus, msg: NewsletterNotice): string | undefined {
  const key = NOTICE_KEY[status];
  if (key === null) return typeof msg === 'string' ? msg : undefined;
  return typeof msg === 'string' ? undefined : msg[key];
}
