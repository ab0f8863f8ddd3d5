// A scheduled change's time (src/validation/content-editor/publish-at.ts): the field's date and
// time on the company's clock with that zone's offset, and the checks the console and the server share.
import { describe, expect, it } from 'vitest';
import { PUBLISH_AT_MESSAGES, publishAtOf, zonedTimeToIso } from '../../../src/validation/content-editor/publish-at.ts';

describe('zonedTimeToIso', () => {
  it('gives the company\u2019s clock its offset', () => {
    expect(zonedTimeToIso('2026-12-24T06:00', 'Africa/Johannesburg')).toBe('2026-12-24T06:00:00+02:00');
    expect(zonedTimeToIso('2026-12-24T06:00', 'UTC')).toBe('2026-12-24T06:00:00+00:00');
    // A zone that moves its clocks: winter and summer.
    expect(zonedTimeToIso('2026-01-15T09:30', 'Europe/London')).toBe('2026-01-15T09:30:00+00:00');
    expect(zonedTimeToIso('2026-07-15T09:30', 'Europe/London')).toBe('2026-07-15T09:30:00+01:00');
    expect(zonedTimeToIso('2026-07-15T09:30', 'America/New_York')).toBe('2026-07-15T09:30:00-04:00');
    expect(Date.parse(zonedTimeToIso('2026-12-24T06:00', 'Africa/Johannesburg'))).toBe(Date.parse('2026-12-24T04:00:00Z'));
  });

  it('gives nothing for what is not a date and a time', () => {
    for (const text of ['', '2026-12-24', '24/12/2026 06:00', '2026-02-30T06:00', '2026-12-24T06:00:00']) expect(zonedTimeToIso(text, 'Africa/Johannesburg'), text).toBe('');
  });
});

describe('publishAtOf', () => {
  const now = Date.parse('2026-12-06T08:00:00Z');
  it('takes a time after now within the limit, and says why it refuses another', () => {
    expect(publishAtOf('2026-12-24T06:00:00+02:00', now)).toEqual({ at: Date.parse('2026-12-24T04:00:00Z') });
    expect(publishAtOf('', now)).toEqual({ problem: PUBLISH_AT_MESSAGES.missing });
    expect(publishAtOf('2026-12-24T06:00', now)).toEqual({ problem: PUBLISH_AT_MESSAGES.notATime });
    expect(publishAtOf('2027-02-30T06:00:00+02:00', now)).toEqual({ problem: PUBLISH_AT_MESSAGES.notATime });
    expect(publishAtOf('2026-12-06T08:00:00Z', now)).toEqual({ problem: PUBLISH_AT_MESSAGES.past });
    expect(publishAtOf('2027-12-08T08:00:00Z', now)).toEqual({ problem: PUBLISH_AT_MESSAGES.tooFar });
  });
});
