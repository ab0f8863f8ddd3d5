// The contact form's timings.

/** How long typing must pause before a character count is announced to screen readers. */
export const COUNTER_ANNOUNCE_DELAY_MS = 1_000;
