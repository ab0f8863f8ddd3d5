import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTENT_ERROR } from '../../src/validation/content-editor/content-editor.protocol.ts';
import { MEDIA_ERROR } from '../../src/validation/media-library/media-library.protocol.ts';
import type { RateLimit } from '../config.ts';
import { addToWindow } from '../http/database-rate-limit-store.ts';
import { RestError } from '../http/rest-error.ts';
import { signedIn } from './console-guard.ts';

/*
 * Limits per console person (README.md, "Abuse paths and the limits that stop them"): a publish
 * or a preview renders the site, an upload decodes and encodes a picture, so a signed-in person
 * (or a script holding their session) must not ask for them without end. Each is counted per
 * person, not per address, in the database's rate_limits (one fixed window per person and
 * action, bucket `person_<action>`), so every process and every server on one database counts
 * the same requests. Past the limit: 429 with the action's code, `data.retry_after` and a
 * Retry-After header, and a message the console shows as it is.
 */

export interface PersonAction {
  /** The rate_limits bucket: `person_publish`… */
  bucket: string;
  /** The refusal's code (content-editor.protocol.ts, media-library.protocol.ts). */
  code: string;
  /** "publish 30 times": what one person may do in a window, in words. */
  allowance: (max: number) => string;
  /** "publishes" in "Too many publishes". */
  plural: string;
  /** What else counts, said after the allowance ("restoring a revision and adding a project count too"). */
  note?: string;
}

/** "45 seconds", "4 minutes", "2 hours": a wait or a window as a person reads it, rounded up. */
export function durationText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/** A window's length as the limit says it: "10 minutes", "an hour". */
function windowText(ms: number): string {
  if (ms === 3_600_000) return 'an hour';
  if (ms === 60_000) return 'a minute';
  return durationText(ms);
}

/**
 * Counts one `action` by the request's person and refuses it (429) when it is over `limit`
 * (null: no limit). Call after the role check and before the work.
 */
export async function countPersonAction(app: FastifyInstance, request: FastifyRequest, action: PersonAction, limit: RateLimit | null): Promise<void> {
  if (limit === null) return;
  const { person } = signedIn(request);
  const now = app.clock();
  const { count, windowStart } = await addToWindow(app.db, { bucket: action.bucket, key: `person:${person.id}`, amount: 1, windowMs: limit.windowMs, now });
  if (count <= limit.max) return;
  const waitMs = windowStart + limit.windowMs - now;
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  const note = action.note === undefined ? '' : ` (${action.note})`;
  throw new RestError(
    429,
    action.code,
    `Too many ${action.plural}: one person may ${action.allowance(limit.max)} in ${windowText(limit.windowMs)}${note}. Please try again in ${durationText(waitMs)}.`,
    { retry_after: retryAfter, limit: limit.max, window_seconds: Math.round(limit.windowMs / 1000) },
  );
}

/** The actions counted per person; their limits are the server's configuration (config.ts). */
export const PERSON_ACTIONS = {
  publish: {
    bucket: 'person_publish',
    code: CONTENT_ERROR.publishRateLimited,
    plural: 'publishes',
    allowance: (max: number) => `publish ${max} times`,
    note: 'restoring a revision and adding a project count too',
  },
  preview: { bucket: 'person_preview', code: CONTENT_ERROR.previewRateLimited, plural: 'previews', allowance: (max: number) => `preview ${max} times` },
  upload: { bucket: 'person_upload', code: MEDIA_ERROR.uploadRateLimited, plural: 'uploads', allowance: (max: number) => `upload ${max} pictures` },
} as const satisfies Record<string, PersonAction>;
