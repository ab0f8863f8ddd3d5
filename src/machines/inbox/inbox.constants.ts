// The inbox's timings (ARCHITECTURE.md, "The console's inbox in the browser").
/** The search waits this long after the last key before it asks the server. */
export const INBOX_SEARCH_DEBOUNCE_MS = 300;
/** How often the console asks what is new in the inbox while its tab is shown. */
export const INBOX_WATCH_INTERVAL_MS = 30_000;
