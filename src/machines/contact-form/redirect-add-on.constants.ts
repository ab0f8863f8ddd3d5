// Timings of the redirect add-on ("Redirection for Contact Form 7").

/** A popup opens this long after the answer. */
export const POPUP_OPEN_DELAY_MS = 1000;

/** A closed popup fades and is removed from the page this long after closing. */
export const POPUP_REMOVE_DELAY_MS = 4000;

/** The popup's element: the part of the page that stays usable while it is open. */
export const POPUP_ELEMENT_ID = 'wpcf7r-popup';
