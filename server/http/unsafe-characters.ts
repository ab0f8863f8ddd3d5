/**
 * Characters that must never reach a mail header or a file name: C0 and C1 controls (CR/LF
 * header injection above all), DEL, the Unicode line and paragraph separators, and the
 * bidirectional marks and overrides that can make a name read backwards
 * (`invoice\u202Efdp.exe` shows as "invoiceexe.pdf").
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this matches
export const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
