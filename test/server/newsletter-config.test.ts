import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

/* The newsletter's configuration: SITE_URL (links in mail) and NEWSLETTER_RATE_LIMIT. */

function problem(env: Record<string, string>): string {
  try {
    loadConfig(env, '/srv/site');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('SITE_URL', () => {
  it('defaults to where the server listens', () => {
    expect(loadConfig({}).siteUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: 'localhost', PORT: '3000' }).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1' }).siteUrl).toBe('http://[::1]:8080');
  });

  it('keeps an origin or a path prefix, without the trailing slash', () => {
    expect(loadConfig({ SITE_URL: 'https://www.example.co.za/' }).siteUrl).toBe('https://www.example.co.za');
    expect(loadConfig({ SITE_URL: 'https://WWW.Example.co.za:8443' }).siteUrl).toBe('https://www.example.co.za:8443');
    expect(loadConfig({ SITE_URL: 'https://example.co.za/site/' }).siteUrl).toBe('https://example.co.za/site');
  });

  it.each([
    ['www.example.co.za'],
    ['ftp://example.co.za'],
    ['https://example.co.za/?ref=mail'],
    ['https://example.co.za/#top'],
    ['https://user:pw@example.co.za'],
  ])('refuses %j with one line naming the variable', (value) => {
    expect(problem({ SITE_URL: value })).toMatch(/^Invalid configuration: SITE_URL must be the site's public http:\/\/ or https:\/\/ address, without query or fragment, like https:\/\/www\.example\.co\.za \(got ".*"\)$/);
  });

  it('never shows a password given in SITE_URL', () => {
    expect(problem({ SITE_URL: 'https://user:secret@example.co.za' })).not.toContain('secret');
  });
});

describe('NEWSLETTER_RATE_LIMIT', () => {
  it('defaults to 10 per 10 minutes, reads <count>/<window> and off', () => {
    expect(loadConfig({}).newsletterRateLimit).toEqual({ max: 10, windowMs: 600_000 });
    expect(loadConfig({ NEWSLETTER_RATE_LIMIT: '5/30s' }).newsletterRateLimit).toEqual({ max: 5, windowMs: 30_000 });
    expect(loadConfig({ NEWSLETTER_RATE_LIMIT: 'OFF' }).newsletterRateLimit).toBeNull();
  });

  it('refuses a bad value with its own example', () => {
    expect(problem({ NEWSLETTER_RATE_LIMIT: '10 per hour' })).toBe(
      'Invalid configuration: NEWSLETTER_RATE_LIMIT must be <count>/<window> such as 10/10m (window in s, m or h, at least 1s) or off (got "10 per hour")',
    );
  });
});
