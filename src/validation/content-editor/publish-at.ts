// When a scheduled change may go live (README.md, "Editing the site", scheduled publishing):
// a time with its offset, after now and at most SCHEDULE_AHEAD_MAX_DAYS ahead. One check for the
// console, which says it beside the field, and the server, which refuses with the same words.
// Pure and browser-safe.
import { SCHEDULE_AHEAD_MAX_DAYS } from './content-editor.protocol.ts';

/** An ISO 8601 date and time with seconds optional and a Z or ±hh:mm offset. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const PUBLISH_AT_MESSAGES = {
  missing: 'Choose the date and time it goes live.',
  notATime: 'Write the time as a date and a time, like 2026-12-24T06:00:00+02:00.',
  past: 'Choose a time after now: that time has passed.',
  tooFar: `Choose a time within ${SCHEDULE_AHEAD_MAX_DAYS} days from now.`,
} as const;

/** The milliseconds `text` stands for, or why it cannot be a change's time (PUBLISH_AT_MESSAGES). */
export function publishAtOf(text: string, now: number): { at: number } | { problem: string } {
  if (text.trim() === '') return { problem: PUBLISH_AT_MESSAGES.missing };
  const at = ISO_WITH_OFFSET.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return { problem: PUBLISH_AT_MESSAGES.notATime };
  if (at <= now) return { problem: PUBLISH_AT_MESSAGES.past };
  if (at > now + SCHEDULE_AHEAD_MAX_DAYS * 86_400_000) return { problem: PUBLISH_AT_MESSAGES.tooFar };
  return { at };
}
