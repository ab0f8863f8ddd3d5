/*
 * Operations tests that need root (a tmpfs mount, PostgreSQL run as its own user) fail loudly
 * without it, never skip: CI runs them as root (.ci/run), and a skipped fault test proves nothing.
 */
export function requireRoot(what: string): void {
  if (typeof process.getuid === 'function' && process.getuid() === 0) return;
  throw new Error(`This operations test needs root for ${what}: run npm run test:ops as root, as .ci/run does.`);
}
