// Timings of the newsletter form, as the Brevo plugin has them.

/** An answer's message stays this long after the answer, then fades (the plugin's 2000 ms). */
export const NEWSLETTER_MESSAGE_FADE_DELAY_MS = 2000;

/** How long the fade itself takes (jQuery's default fadeOut); the CSS transition matches it. */
export const NEWSLETTER_MESSAGE_FADE_MS = 400;

/** Type-ahead in the prefix list: letters typed within this pause search together ("uni" → United…). */
export const COUNTRY_PREFIX_TYPEAHEAD_PAUSE_MS = 500;

/** The reCAPTCHA v3 action the newsletter's tokens are asked for (the server checks it). */
export const NEWSLETTER_RECAPTCHA_ACTION = 'newsletter';
