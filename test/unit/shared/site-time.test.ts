// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../../server/config.ts';
import { formatSiteTime } from '../../../src/validation/shared/site-time.ts';

describe('times in the company time zone', () => {
  it('shows a UTC time as Johannesburg reads it, across midnight', () => {
    expect(formatSiteTime('2026-11-26T22:30:05.000Z', 'Africa/Johannesburg')).toBe('2026-11-27 00:30');
    expect(formatSiteTime('2026-11-26T22:30:05.000Z', 'Africa/Johannesburg', { seconds: true })).toBe('2026-11-27 00:30:05');
    expect(formatSiteTime('2026-11-26T22:30:05.000Z', 'UTC')).toBe('2026-11-26 22:30');
  });

  it('takes SITE_TIMEZONE, defaulting to Africa/Johannesburg, and refuses a zone that does not exist', () => {
    expect(loadConfig({}).siteTimeZone).toBe('Africa/Johannesburg');
    expect(loadConfig({ SITE_TIMEZONE: 'Europe/London' }).siteTimeZone).toBe('Europe/London');
    expect(() => loadConfig({ SITE_TIMEZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ SITE_TIMEZONE: 'Mars/Olympus' })).toThrow(/SITE_TIMEZONE/);
  });
});
