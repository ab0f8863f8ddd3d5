// security.txt's Expires is counted from the build (README.md, "Public files for machines"): a
// site left unbuilt that long would serve an expired file, so the server says so when it starts.
export const SECURITY_TXT_WARN_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A warning when the file has expired or expires within SECURITY_TXT_WARN_DAYS, else null. */
export function securityTxtExpiryWarning(text: string, now: number): string | null {
  const expires = /^Expires: *(.+?) *$/im.exec(text)?.[1];
  const at = expires === undefined ? Number.NaN : Date.parse(expires);
  if (Number.isNaN(at)) return '/.well-known/security.txt has no readable Expires field: rebuild the site (npm run build)';
  if (at <= now) return `/.well-known/security.txt expired on ${expires}: rebuild the site (npm run build) to renew it`;
  if (at - now < SECURITY_TXT_WARN_DAYS * DAY_MS) return `/.well-known/security.txt expires on ${expires}: rebuild the site (npm run build) before then`;
  return null;
}
