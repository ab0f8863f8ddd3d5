// Control characters a visitor never types, refused in every field that is stored (README.md,
// "Abuse paths and the limits that stop them"): PostgreSQL refuses a NUL in text outright, and
// the others (a terminal's escape sequences) only ever come from a script. Browser-safe.

/** Any C0 or C1 control character, NUL and line breaks included: for one-line protocol fields (a click beacon's). */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** A control character other than a tab or a line break: for text a visitor writes. */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
export const CONTROL_CHARACTER_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
