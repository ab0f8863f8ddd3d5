// The inbox's timings (README.md, "The console").
/** The search waits this long after the last key before it asks the server. */
export const INBOX_SEARCH_DEBOUNCE_MS = 300;
