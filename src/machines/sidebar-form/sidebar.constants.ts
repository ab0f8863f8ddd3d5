// Timings of the slide-in contact panel ("Ninja Kick: Contact Form").

/** The panel slides in and out in 0.4 s (the plugin's CSS transition); 0 under reduced motion. */
export const PANEL_TRANSITION_MS = 400;

/** How long the success text shows before a form with a redirect moves on to its page. */
export const SIDEBAR_REDIRECT_DELAY_MS = 1500;

/**
 * A human-test question is asked again after this long unanswered: the server accepts its
 * challenge for 30 minutes, so a question is never stale when the visitor answers it.
 */
export const HUMAN_TEST_RENEW_MS = 25 * 60 * 1000;
