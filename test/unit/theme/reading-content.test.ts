// The reading sections' content and helpers: the open day's date must carry South Africa's
// offset and name a real moment (a wrong one stops the build with a message naming the field),
// and the countdown's arithmetic and wording are the same everywhere.
import { describe, expect, it } from 'vitest';
import { process, upcoming } from '../../support/site-content.ts';
import { validateContentValue } from '../../../content/validate-content.ts';
import { formatSouthAfricanDateTime, timeLeft } from '../../../src/machines/theme/countdown-time.ts';

const withStartsAt = (startsAt: unknown) => ({ ...upcoming, countdown: { ...upcoming.countdown, startsAt } });

describe('the open day in content/documents/upcoming.json', () => {
  it('is accepted with the +02:00 offset', () => {
    expect(validateContentValue('upcoming', withStartsAt('2027-02-28T23:59:59+02:00'))).toEqual([]);
  });

  it.each([
    ['2026-12-05T09:00:00Z', 'another offset'],
    ['2026-12-05T09:00:00', 'no offset'],
    ['2026-12-05 09:00:00+02:00', 'a space for the T'],
    ['2026-02-29T09:00:00+02:00', 'a day that does not exist'],
    ['2026-12-05T24:00:00+02:00', 'hour 24'],
    ['2026-12-05T09:60:00+02:00', 'minute 60'],
  ])('refuses %s (%s) and says what it expected', (startsAt) => {
    expect(validateContentValue('upcoming', withStartsAt(startsAt))).toEqual([
      {
        file: 'content/documents/upcoming.json',
        path: 'countdown.startsAt',
        message: `Expected a date and time with the South African offset like "2026-12-05T09:00:00+02:00", but received: "${startsAt}"`,
      },
    ]);
  });

  it('names a missing finished copy and too few coming-soon items', () => {
    const broken = {
      ...upcoming,
      comingSoon: { ...upcoming.comingSoon, items: upcoming.comingSoon.items.slice(0, 1) },
      countdown: { ...upcoming.countdown, finishedText: ' ' },
    };
    const paths = validateContentValue('upcoming', broken).map((problem) => problem.path);
    expect(paths).toEqual(['comingSoon.items', 'countdown.finishedText']);
  });

  it('refuses tabs with fewer than two points', () => {
    const steps = process.steps.map((step, index) => (index === 2 ? { ...step, points: ['only one'] } : step));
    const problems = validateContentValue('process', { ...process, steps });
    expect(problems.map((problem) => problem.path)).toEqual(['steps[2].points']);
  });
});

describe('timeLeft', () => {
  const target = Date.parse('2026-12-05T09:00:00+02:00');

  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(timeLeft(target, target - (((2 * 24 + 3) * 60 + 4) * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('rounds a part second up, so the last second shows 1 and not 0', () => {
    expect(timeLeft(target, target - 400)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(timeLeft(target, target - 59_001)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  });

  it('is zero at and after the moment', () => {
    expect(timeLeft(target, target)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(target, target + 86_400_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('formatSouthAfricanDateTime', () => {
  it('writes the Johannesburg wall-clock time as given, with its weekday', () => {
    expect(formatSouthAfricanDateTime('2026-12-05T09:00:00+02:00')).toBe('Saturday 5 December 2026 at 09:00 (South African time)');
    expect(formatSouthAfricanDateTime('2027-01-01T00:30:00+02:00')).toBe('Friday 1 January 2027 at 00:30 (South African time)');
  });

  it('does not depend on the time zone of the machine that runs it', () => {
    // 00:30 in Johannesburg is still 31 December in UTC: the text must not follow UTC.
    expect(formatSouthAfricanDateTime('2027-01-01T00:30:00+02:00')).toContain('1 January 2027');
  });

  it('refuses a date without the South African offset', () => {
    expect(() => formatSouthAfricanDateTime('2026-12-05T09:00:00Z')).toThrow(
      'countdown: expected a date like "2026-12-05T09:00:00+02:00", but received: "2026-12-05T09:00:00Z"',
    );
  });
});
