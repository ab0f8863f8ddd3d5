// Shared by the newsletter (its SMS field) and privacy (a person looked up by their number).
// The SMS number rule of the Brevo plugin: after removing spaces, brackets, dots and dashes the
// number starts with "+" and is 6 to 19 characters long. We also require digits after the "+":
// the key filter only lets digits in, but a pasted "+27 82 CALL ME" must not pass either.

export const SMS_MIN_LENGTH = 6;
export const SMS_MAX_LENGTH = 19;
/** Longest raw value accepted (formatting characters included) before it is even cleaned. */
export const SMS_RAW_MAX_LENGTH = 40;

/** "+27 (82) 555-01.23" → "+2782555 0123" without the separators. */
export function cleanSms(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

export function isSmsFormat(value: string): boolean {
  if (value.length > SMS_RAW_MAX_LENGTH) return false;
  const cleaned = cleanSms(value);
  return cleaned.length >= SMS_MIN_LENGTH && cleaned.length <= SMS_MAX_LENGTH && /^\+[0-9]+$/.test(cleaned);
}

/**
 * True when the field holds nothing but the dial code the visitor picked ("+27", "+27 "), or
 * nothing at all: a country was chosen and no number typed. Such a field is cleared (not an
 * error) when the SMS is optional. `prefix` is the picked dial code, posted beside the number.
 */
export function isPrefixOnly(value: string, prefix: string): boolean {
  const cleaned = cleanSms(value);
  return cleaned === '' || cleaned === '+' || cleaned === cleanSms(prefix);
}

/** A dial code as the prefix list gives it: "+" and 1 to 4 digits. */
export function isDialCode(value: string): boolean {
  return /^\+[0-9]{1,4}$/.test(value);
}
