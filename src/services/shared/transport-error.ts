// ky 2 wraps the browser's failed fetch in its own NetworkError. The clients report the
// browser's error itself ("TypeError: Failed to fetch"), as the plugins did: it is what the
// logs and the visitor-facing "offline" messages are about.
import { isNetworkError } from 'ky';

export const transportErrorOf = (error: unknown): unknown => (isNetworkError(error) && error.cause !== undefined ? error.cause : error);
