import path from 'node:path';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DISALLOWED_WORDS, loadConfig, proxyWarning } from '../../server/config.ts';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/site');
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({}, '/srv/site')).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:data/site.db',
      databaseTimeouts: { statementMs: 5_000, connectMs: 3_000 },
      smtpUrl: null,
      mailTo: null,
      recaptchaSiteKey: null,
      recaptchaSecret: null,
      recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      googleMapsApiKey: null,
      mapLoad: 'click',
      lightGalleryLicenseKey: null,
      nonceSecret: null,
      addressHashSecret: null,
      addressHashKeyFile: '/srv/site/data/address-hash.key',
      logLevel: 'info',
      staticRoot: path.resolve('/srv/site', 'dist/client'),
      mailFrom: null,
      uploadDir: path.resolve('/srv/site', 'data/uploads'),
      siteGenerationsDir: '/srv/site/data/site',
      contentPollIntervalMs: 1000,
      uploadDailyBytes: 50 * 1024 * 1024,
      uploadMinFreeBytes: 1024 * 1024 * 1024,
      databaseMinFreeBytes: 100 * 1024 * 1024,
      trustProxy: false,
      feedbackRateLimit: { max: 20, windowMs: 600_000 },
      disallowedWords: [...DEFAULT_DISALLOWED_WORDS],
      newsletterRateLimit: { max: 10, windowMs: 600_000 },
      newsletterDomainMailLimit: { max: 5, windowMs: 3_600_000 },
      clickCounts: false,
      clickRetainDays: 365,
      clickRateLimit: { max: 120, windowMs: 60_000 },
      siteUrl: 'http://127.0.0.1:8080',
      siteTimeZone: 'Africa/Johannesburg',
      consoleSignInRateLimit: { max: 30, windowMs: 600_000 },
      contentPublishRateLimit: { max: 30, windowMs: 600_000 },
      contentPreviewRateLimit: { max: 60, windowMs: 600_000 },
      mediaUploadRateLimit: { max: 30, windowMs: 600_000 },
      brevoApiKey: null,
      brevoApiUrl: 'https://api.brevo.com',
      brevoListIds: new Map(),
      brevoPollIntervalMs: 600_000,
      backupDir: '/srv/site/data/backups',
      backupSchedule: [120],
      backupKeep: 14,
      backupOffsite: null,
      mediaDir: '/srv/site/data/media',
      mediaMaxBytes: 1024 ** 3,
      formActionSecrets: new Map(),
      timeouts: { requestMs: 20_000, headersMs: 10_000, keepAliveMs: 5_000, shutdownGraceMs: 5_000, lingerMs: 5_000 },
      mailMaxAgeMs: 7 * 24 * 3_600_000,
      retention: { submissions: 730, uploads: 180, spam: 30, deliveredMailBodies: 30, unconfirmedSignUps: 30, clicks: 365 },
      uploadRetainDays: 180,
      // One process per core the server may use; with more than one, limits count in the database.
      webConcurrency: availableParallelism(),
      rateLimitStore: availableParallelism() > 1 ? 'database' : 'memory',
      sqliteSynchronous: 'normal',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '3000',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgresql://site:secret@db.internal:5432/site',
        SMTP_URL: 'smtps://mailer:pw@smtp.example.co.za:465',
        MAIL_TO: ' sales@example.co.za ,info@example.co.za',
        RECAPTCHA_SITE_KEY: '6LcSiteKey_-',
        RECAPTCHA_SECRET: '6LcSecret_-',
        RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9999/siteverify',
        GOOGLE_MAPS_API_KEY: 'AIzaSyExample-Key_1',
        MAP_LOAD: 'visible',
        LIGHTGALLERY_LICENSE_KEY: '1A2B-3C4D-5E6-7F80',
        NONCE_SECRET: 'n'.repeat(32),
        LOG_LEVEL: 'DEBUG',
        STATIC_ROOT: 'build/site',
        MAIL_FROM: 'website@example.co.za',
        UPLOAD_DIR: '/var/lib/site/uploads',
        UPLOAD_DAILY_BYTES: '10MB',
        UPLOAD_MIN_FREE_BYTES: '2GB',
        DATABASE_MIN_FREE_BYTES: '300MB',
        TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
        FEEDBACK_RATE_LIMIT: '5/30s',
        DISALLOWED_WORDS: 'Viagra, free money\nloan offer',
        NEWSLETTER_RATE_LIMIT: '3/1h',
        NEWSLETTER_DOMAIN_MAIL_LIMIT: '20/1h',
        CLICK_COUNTS: 'on',
        CLICK_RETAIN_DAYS: '90',
        CLICK_RATE_LIMIT: 'off',
        SITE_TIMEZONE: 'Europe/London',
        CONSOLE_SIGN_IN_RATE_LIMIT: '5/1m',
        CONTENT_PUBLISH_RATE_LIMIT: '10/1h',
        CONTENT_PREVIEW_RATE_LIMIT: 'off',
        MEDIA_UPLOAD_RATE_LIMIT: '5/30s',
        BREVO_API_KEY: 'xkeysib-abc123',
        BREVO_API_URL: 'http://127.0.0.1:9898/',
        BREVO_LIST_IDS: '2:7, 5',
        BREVO_POLL_INTERVAL: '5m',
        BACKUP_DIR: '/var/backups/site',
        BACKUP_SCHEDULE: '03:30,15:30',
        BACKUP_KEEP: '30',
        BACKUP_S3_URL: 's3://AKIAEXAMPLE:se%2Fcret@s3.eu-west-1.amazonaws.com/company-backups/site',
        SITE_GENERATIONS_DIR: '/var/lib/site/pages',
        CONTENT_POLL_INTERVAL: '500ms',
        MEDIA_DIR: '/srv/media',
        MEDIA_MAX_BYTES: '2GB',
        FORM_ACTION_SECRETS: 'CRM_TOKEN, ZAPIER_KEY',
        CRM_TOKEN: 'Bearer crm-1',
        ZAPIER_KEY: 'zap-2',
        ADDRESS_HASH_SECRET: 'h'.repeat(40),
        ADDRESS_HASH_KEY_FILE: '../keys/address-hash.key',
        SITE_URL: 'https://www.example.co.za/',
        REQUEST_TIMEOUT: '25s',
        HEADERS_TIMEOUT: '8s',
        KEEP_ALIVE_TIMEOUT: '10s',
        SHUTDOWN_GRACE: '3s',
        LINGER_TIMEOUT: '2s',
        MAIL_MAX_AGE: '14d',
        UPLOAD_RETAIN_DAYS: '90',
        SUBMISSION_RETAIN_DAYS: '400',
        SPAM_RETAIN_DAYS: '14',
        MAIL_BODY_RETAIN_DAYS: '7',
        UNCONFIRMED_SIGN_UP_RETAIN_DAYS: '10',
        WEB_CONCURRENCY: '3',
        SQLITE_SYNCHRONOUS: 'full',
        DATABASE_STATEMENT_TIMEOUT: '8s',
        DATABASE_CONNECT_TIMEOUT: '2s',
      },
      '/srv/site',
    );
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://site:secret@db.internal:5432/site',
      databaseTimeouts: { statementMs: 8_000, connectMs: 2_000 },
      smtpUrl: 'smtps://mailer:pw@smtp.example.co.za:465',
      mailTo: 'sales@example.co.za, info@example.co.za',
      recaptchaSiteKey: '6LcSiteKey_-',
      recaptchaSecret: '6LcSecret_-',
      recaptchaVerifyUrl: 'http://127.0.0.1:9999/siteverify',
      googleMapsApiKey: 'AIzaSyExample-Key_1',
      mapLoad: 'visible',
      lightGalleryLicenseKey: '1A2B-3C4D-5E6-7F80',
      nonceSecret: 'n'.repeat(32),
      addressHashSecret: 'h'.repeat(40),
      addressHashKeyFile: '/srv/keys/address-hash.key',
      logLevel: 'debug',
      staticRoot: '/srv/site/build/site',
      mailFrom: 'website@example.co.za',
      uploadDir: '/var/lib/site/uploads',
      siteGenerationsDir: '/var/lib/site/pages',
      contentPollIntervalMs: 500,
      uploadDailyBytes: 10 * 1024 * 1024,
      uploadMinFreeBytes: 2 * 1024 ** 3,
      databaseMinFreeBytes: 300 * 1024 ** 2,
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
      feedbackRateLimit: { max: 5, windowMs: 30_000 },
      disallowedWords: ['viagra', 'free money', 'loan offer'],
      newsletterRateLimit: { max: 3, windowMs: 3_600_000 },
      newsletterDomainMailLimit: { max: 20, windowMs: 3_600_000 },
      clickCounts: true,
      clickRetainDays: 90,
      clickRateLimit: null,
      siteUrl: 'https://www.example.co.za',
      siteTimeZone: 'Europe/London',
      consoleSignInRateLimit: { max: 5, windowMs: 60_000 },
      contentPublishRateLimit: { max: 10, windowMs: 3_600_000 },
      contentPreviewRateLimit: null,
      mediaUploadRateLimit: { max: 5, windowMs: 30_000 },
      brevoApiKey: 'xkeysib-abc123',
      brevoApiUrl: 'http://127.0.0.1:9898',
      brevoListIds: new Map([
        [2, 7],
        [5, 5],
      ]),
      brevoPollIntervalMs: 300_000,
      backupDir: '/var/backups/site',
      backupSchedule: [210, 930],
      backupKeep: 30,
      backupOffsite: { endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'company-backups', prefix: 'site/', region: 'eu-west-1', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'se/cret', forcePathStyle: false },
      mediaDir: '/srv/media',
      mediaMaxBytes: 2 * 1024 ** 3,
      formActionSecrets: new Map([
        ['CRM_TOKEN', 'Bearer crm-1'],
        ['ZAPIER_KEY', 'zap-2'],
      ]),
      timeouts: { requestMs: 25_000, headersMs: 8_000, keepAliveMs: 10_000, shutdownGraceMs: 3_000, lingerMs: 2_000 },
      mailMaxAgeMs: 14 * 24 * 3_600_000,
      retention: { submissions: 400, uploads: 90, spam: 14, deliveredMailBodies: 7, unconfirmedSignUps: 10, clicks: 90 },
      uploadRetainDays: 90,
      rateLimitStore: 'database',
      webConcurrency: 3,
      sqliteSynchronous: 'full',
    });
  });

  it('accepts IPv6 hosts, host names, sqlite paths and postgres:// URLs', () => {
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/site/site.db' }).databaseUrl).toBe('sqlite:/var/lib/site/site.db');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/site' }).databaseUrl).toBe('postgres://localhost/site');
    expect(loadConfig({ STATIC_ROOT: '/abs/root' }).staticRoot).toBe('/abs/root');
  });

  it('reads the contact form settings: proxies, rate limit, word list, uploads', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '::1,fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
    expect(loadConfig({ FEEDBACK_RATE_LIMIT: 'off' }).feedbackRateLimit).toBeNull();
    expect(loadConfig({ FEEDBACK_RATE_LIMIT: '100/1h' }).feedbackRateLimit).toEqual({ max: 100, windowMs: 3_600_000 });
    expect(loadConfig({ DISALLOWED_WORDS: 'none' }).disallowedWords).toEqual([]);
    expect(loadConfig({ UPLOAD_DIR: 'private/uploads' }, '/srv/site').uploadDir).toBe('/srv/site/private/uploads');
    expect(loadConfig({ UPLOAD_DAILY_BYTES: '20MB', UPLOAD_MIN_FREE_BYTES: '0' })).toMatchObject({ uploadDailyBytes: 20 * 1024 * 1024, uploadMinFreeBytes: 0 });
    expect(loadConfig({ UPLOAD_DAILY_BYTES: '1048576', UPLOAD_MIN_FREE_BYTES: '5 GB' })).toMatchObject({ uploadDailyBytes: 1024 * 1024, uploadMinFreeBytes: 5 * 1024 ** 3 });
    expect(loadConfig({ DATABASE_MIN_FREE_BYTES: '0' }).databaseMinFreeBytes).toBe(0);
    expect(loadConfig({ DATABASE_MIN_FREE_BYTES: '250MB' }).databaseMinFreeBytes).toBe(250 * 1024 * 1024);
    expect(loadConfig({ MEDIA_MAX_BYTES: '5GB' }).mediaMaxBytes).toBe(5 * 1024 ** 3);
  });

  it.each([
    [{ UPLOAD_DAILY_BYTES: '0' }, 'Invalid configuration: UPLOAD_DAILY_BYTES must be a size in bytes (or KB, MB, GB) of at least 1 up to 1GB, like 50MB (got "0")'],
    [{ UPLOAD_DAILY_BYTES: '2GB' }, 'Invalid configuration: UPLOAD_DAILY_BYTES must be a size in bytes (or KB, MB, GB) of at least 1 up to 1GB, like 50MB (got "2GB")'],
    [{ UPLOAD_MIN_FREE_BYTES: 'lots' }, 'Invalid configuration: UPLOAD_MIN_FREE_BYTES must be a size in bytes (or KB, MB, GB) of at least 0, like 50MB (got "lots")'],
    [{ DATABASE_MIN_FREE_BYTES: '-1MB' }, 'Invalid configuration: DATABASE_MIN_FREE_BYTES must be a size in bytes (or KB, MB, GB) of at least 0, like 50MB (got "-1MB")'],
    [{ MEDIA_MAX_BYTES: '512KB' }, 'Invalid configuration: MEDIA_MAX_BYTES must be a size in bytes (or KB, MB, GB) of at least 1048576 up to 1024GB, like 50MB (got "512KB")'],
  ])('refuses an upload size it cannot read: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads where published pages go and how often the live revision is read', () => {
    expect(loadConfig({ CONTENT_POLL_INTERVAL: 'off' }).contentPollIntervalMs).toBe(0);
    expect(loadConfig({ CONTENT_POLL_INTERVAL: '0' }).contentPollIntervalMs).toBe(0);
    expect(loadConfig({ CONTENT_POLL_INTERVAL: '2s' }).contentPollIntervalMs).toBe(2000);
    expect(() => loadConfig({ CONTENT_POLL_INTERVAL: '10ms' })).toThrow('Invalid configuration: CONTENT_POLL_INTERVAL must be a duration from 100ms to 1m, like 1s, or 0 or off (got "10ms")');
    expect(() => loadConfig({ CONTENT_POLL_INTERVAL: 'often' })).toThrow('CONTENT_POLL_INTERVAL must be a duration');
    expect(() => loadConfig({ STATIC_ROOT: '/srv/site/dist/client', SITE_GENERATIONS_DIR: '/srv/site/dist/client/live' })).toThrow(
      'Invalid configuration: SITE_GENERATIONS_DIR must be a folder outside STATIC_ROOT',
    );
  });

  it.each([
    [{ BREVO_LIST_IDS: '2:seven' }, 'Invalid configuration: BREVO_LIST_IDS must be list ids, or pairs form-list:brevo-list, separated by commas, like 2:7,3:9 (got "2:seven")'],
    [{ BREVO_LIST_IDS: '0' }, 'Invalid configuration: BREVO_LIST_IDS must be list ids, or pairs form-list:brevo-list, separated by commas, like 2:7,3:9 (got "0")'],
    [{ BREVO_API_URL: 'ftp://api.brevo.com' }, 'Invalid configuration: BREVO_API_URL must be an http:// or https:// URL'],
    [{ BREVO_POLL_INTERVAL: '0s' }, 'Invalid configuration: BREVO_POLL_INTERVAL must be a duration from 1s to 86400s'],
  ])('refuses a Brevo setting it cannot use: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '  ', NONCE_SECRET: '' }, '/srv')).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      nonceSecret: null,
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }, 'Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")'],
    ['PORT', { PORT: '0' }, 'Invalid configuration: PORT must be an integer from 1 to 65535 (got "0")'],
    ['PORT', { PORT: '65536' }, 'Invalid configuration: PORT must be an integer from 1 to 65535 (got "65536")'],
    ['PORT', { PORT: '80.5' }, 'Invalid configuration: PORT must be an integer from 1 to 65535 (got "80.5")'],
    ['HOST', { HOST: 'local host' }, 'Invalid configuration: HOST must be an IP address or a host name (got "local host")'],
    ['HOST', { HOST: 'http://x' }, 'Invalid configuration: HOST must be an IP address or a host name (got "http://x")'],
    [
      'DATABASE_URL',
      { DATABASE_URL: 'mysql://root:hunter2@db/site' },
      'Invalid configuration: DATABASE_URL must be sqlite:<path> or a postgres:// URL (got "mysql://root:***@db/site")',
    ],
    [
      'DATABASE_URL',
      { DATABASE_URL: 'sqlite:' },
      'Invalid configuration: DATABASE_URL must be sqlite:<path> or a postgres:// URL (got "sqlite:")',
    ],
    [
      'DATABASE_URL',
      { DATABASE_URL: 'data/site.db' },
      'Invalid configuration: DATABASE_URL must be sqlite:<path> or a postgres:// URL (got "data/site.db")',
    ],
    [
      'SMTP_URL',
      { SMTP_URL: 'http://mail.example.com' },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL with a host (got "http://mail.example.com")',
    ],
    [
      'SMTP_URL',
      { SMTP_URL: 'smtp://user:pa55@' },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL with a host (got "smtp://user:***@")',
    ],
    [
      'MAIL_TO',
      { MAIL_TO: 'sales' },
      'Invalid configuration: MAIL_TO must be an e-mail address or a comma-separated list of them (got "sales")',
    ],
    [
      'MAIL_TO',
      { MAIL_TO: 'a@example.com,' },
      'Invalid configuration: MAIL_TO must be an e-mail address or a comma-separated list of them (got "a@example.com,")',
    ],
    [
      'RECAPTCHA_SITE_KEY',
      { RECAPTCHA_SITE_KEY: 'key with spaces', RECAPTCHA_SECRET: 's' },
      'Invalid configuration: RECAPTCHA_SITE_KEY must contain only letters, digits and - _ . ~ + / = (got "key with spaces")',
    ],
    [
      'RECAPTCHA_SITE_KEY',
      { RECAPTCHA_SECRET: 'secret' },
      'Invalid configuration: RECAPTCHA_SITE_KEY must be set when RECAPTCHA_SECRET is set',
    ],
    [
      'RECAPTCHA_SECRET',
      { RECAPTCHA_SITE_KEY: 'key' },
      'Invalid configuration: RECAPTCHA_SECRET must be set when RECAPTCHA_SITE_KEY is set',
    ],
    [
      'RECAPTCHA_SECRET',
      { RECAPTCHA_SITE_KEY: 'key', RECAPTCHA_SECRET: '"quoted"' },
      'Invalid configuration: RECAPTCHA_SECRET must contain only letters, digits and - _ . ~ + / = (value not shown)',
    ],
    [
      'RECAPTCHA_VERIFY_URL',
      { RECAPTCHA_VERIFY_URL: 'ftp://example.com/verify' },
      'Invalid configuration: RECAPTCHA_VERIFY_URL must be an http:// or https:// URL (got "ftp://example.com/verify")',
    ],
    [
      'RECAPTCHA_VERIFY_URL',
      { RECAPTCHA_VERIFY_URL: 'not a url' },
      'Invalid configuration: RECAPTCHA_VERIFY_URL must be an http:// or https:// URL (got "not a url")',
    ],
    [
      'GOOGLE_MAPS_API_KEY',
      { GOOGLE_MAPS_API_KEY: 'AIza<script>' },
      'Invalid configuration: GOOGLE_MAPS_API_KEY must contain only letters, digits and - _ . ~ + / = (got "AIza<script>")',
    ],
    [
      'NONCE_SECRET',
      { NONCE_SECRET: 'too-short-secret' },
      'Invalid configuration: NONCE_SECRET must be at least 32 characters long (got 16 characters)',
    ],
    [
      'UPLOAD_DIR',
      { STATIC_ROOT: '/srv/site/dist/client', UPLOAD_DIR: '/srv/site/dist/client/uploads' },
      'Invalid configuration: UPLOAD_DIR must be a folder outside STATIC_ROOT, the web root (got "/srv/site/dist/client/uploads")',
    ],
    [
      'UPLOAD_DIR',
      { STATIC_ROOT: '/srv/site/dist/client', UPLOAD_DIR: '/srv/site/dist/client' },
      'Invalid configuration: UPLOAD_DIR must be a folder outside STATIC_ROOT, the web root (got "/srv/site/dist/client")',
    ],
    [
      'MEDIA_DIR',
      { STATIC_ROOT: '/srv/site/dist/client', MEDIA_DIR: '/srv/site/dist/client/assets/images' },
      'Invalid configuration: MEDIA_DIR must be a folder outside STATIC_ROOT, the web root (got "/srv/site/dist/client/assets/images")',
    ],
    [
      'TRUST_PROXY',
      { TRUST_PROXY: 'loadbalancer' },
      'Invalid configuration: TRUST_PROXY must be false, a hop count or a comma-separated list of IP addresses or CIDR ranges (got "loadbalancer")',
    ],
    [
      'TRUST_PROXY',
      { TRUST_PROXY: '10.0.0.0/33' },
      'Invalid configuration: TRUST_PROXY must be false, a hop count or a comma-separated list of IP addresses or CIDR ranges (got "10.0.0.0/33")',
    ],
    [
      'TRUST_PROXY',
      { TRUST_PROXY: 'true' },
      'Invalid configuration: TRUST_PROXY must not be true (any client could forge X-Forwarded-For and dodge the rate limits): give the number of proxies in front of the server, like 1, or their addresses',
    ],
    [
      'SITE_URL',
      { SMTP_URL: 'smtp://mail.example.co.za', MAIL_TO: 'sales@example.co.za' },
      'Invalid configuration: SITE_URL must be set when SMTP_URL is: links in mail would point at http://127.0.0.1:8080',
    ],
    [
      'MAIL_FROM',
      { SMTP_URL: 'smtp://mail.example.co.za', SITE_URL: 'https://www.example.co.za' },
      'Invalid configuration: MAIL_FROM must be set (or MAIL_TO) when SMTP_URL is: mail needs a sender address',
    ],
    [
      'FEEDBACK_RATE_LIMIT',
      { FEEDBACK_RATE_LIMIT: '20 per minute' },
      'Invalid configuration: FEEDBACK_RATE_LIMIT must be <count>/<window> such as 20/10m (window in s, m or h, at least 1s) or off (got "20 per minute")',
    ],
    [
      'FEEDBACK_RATE_LIMIT',
      { FEEDBACK_RATE_LIMIT: '0/1m' },
      'Invalid configuration: FEEDBACK_RATE_LIMIT must be <count>/<window> such as 20/10m (window in s, m or h, at least 1s) or off (got "0/1m")',
    ],
    [
      'NEWSLETTER_DOMAIN_MAIL_LIMIT',
      { NEWSLETTER_DOMAIN_MAIL_LIMIT: '5/hour' },
      'Invalid configuration: NEWSLETTER_DOMAIN_MAIL_LIMIT must be <count>/<window> such as 5/1h (window in s, m or h, at least 1s) or off (got "5/hour")',
    ],
    [
      'DISALLOWED_WORDS',
      { DISALLOWED_WORDS: 'viagra,x' },
      'Invalid configuration: DISALLOWED_WORDS must be words of 2 to 256 characters, comma-separated, or none (got "x")',
    ],
    [
      'MAIL_FROM',
      { MAIL_FROM: 'Website <web@example.co.za>' },
      'Invalid configuration: MAIL_FROM must be one e-mail address (got "Website <web@example.co.za>")',
    ],
    ['MAP_LOAD', { MAP_LOAD: 'scroll' }, 'Invalid configuration: MAP_LOAD must be click or visible (got "scroll")'],
    [
      'LOG_LEVEL',
      { LOG_LEVEL: 'verbose' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
  ])('rejects a bad %s with one line naming it', (variable, env, message) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain('\n');
  });

  it('keeps a value with a newline on one line', () => {
    const error = errorOf({ PORT: '80\n81' });
    expect(error.message).toBe('Invalid configuration: PORT must be an integer from 1 to 65535 (got "80\\n81")');
  });

  it('never prints secrets or passwords', () => {
    expect(errorOf({ NONCE_SECRET: 'hunter2' }).message).not.toContain('hunter2');
    expect(errorOf({ DATABASE_URL: 'redis://u:hunter2@h/0' }).message).not.toContain('hunter2');
    expect(errorOf({ SMTP_URL: 'smtp://u:hunter2@' }).message).not.toContain('hunter2');
  });
});

describe('FORM_ACTION_SECRETS', () => {
  it("refuses the server's own settings, by name: never NONCE_SECRET, DATABASE_URL, SMTP_URL or any other variable the server reads", () => {
    for (const name of ['NONCE_SECRET', 'DATABASE_URL', 'SMTP_URL', 'ADDRESS_HASH_SECRET', 'BREVO_API_KEY', 'RECAPTCHA_SECRET', 'SUBMISSION_RETAIN_DAYS', 'PGPASSWORD']) {
      const error = errorOf({ FORM_ACTION_SECRETS: `CRM_TOKEN,${name}`, CRM_TOKEN: 't' });
      expect(error.variable).toBe('FORM_ACTION_SECRETS');
      expect(error.message).toContain(`must not name ${name}: it is the server's own configuration`);
    }
    // Every variable loadConfig reads, whatever is set: the list is never kept by hand.
    const read = new Set<string>();
    loadConfig(new Proxy({}, { get: (_, key) => (typeof key === 'string' ? void read.add(key) : undefined) }), '/srv/site');
    read.delete('FORM_ACTION_SECRETS');
    expect(read.size).toBeGreaterThan(50);
    for (const name of read) expect(errorOf({ FORM_ACTION_SECRETS: name }).message).toContain(`must not name ${name}`);
  });

  it('refuses a name that is not set, or not a variable name, with one line', () => {
    expect(errorOf({ FORM_ACTION_SECRETS: 'CRM_TOKEN' }).message).toBe('Invalid configuration: FORM_ACTION_SECRETS names CRM_TOKEN, which is not set');
    expect(errorOf({ FORM_ACTION_SECRETS: 'crm-token' }).message).toBe('Invalid configuration: FORM_ACTION_SECRETS must be variable names like CRM_TOKEN, comma-separated (got "crm-token")');
  });
});

describe('proxyWarning', () => {
  it('warns when a public site is served from loopback with no TRUST_PROXY', () => {
    const behindProxy = loadConfig({ SITE_URL: 'https://www.example.co.za' });
    expect(proxyWarning(behindProxy)).toContain('TRUST_PROXY is not set');
    expect(proxyWarning(loadConfig({ SITE_URL: 'https://www.example.co.za', TRUST_PROXY: '1' }))).toBeNull();
    expect(proxyWarning(loadConfig({}))).toBeNull();
    expect(proxyWarning(loadConfig({ HOST: '0.0.0.0', SITE_URL: 'https://www.example.co.za' }))).toBeNull();
  });
});

describe('timeouts', () => {
  it('defaults close a stalled request well within 30 s and let SIGTERM finish within 10 s', () => {
    const { timeouts } = loadConfig({});
    expect(timeouts.requestMs).toBeLessThanOrEqual(30_000);
    expect(timeouts.headersMs).toBeLessThanOrEqual(timeouts.requestMs);
    expect(timeouts.shutdownGraceMs).toBeLessThan(10_000);
  });

  it('reads durations in ms, s or m and refuses others with one line', () => {
    expect(loadConfig({ REQUEST_TIMEOUT: '15s', HEADERS_TIMEOUT: '5000ms', KEEP_ALIVE_TIMEOUT: '1m', SHUTDOWN_GRACE: '0s', LINGER_TIMEOUT: '300ms' }).timeouts).toEqual({
      requestMs: 15_000,
      headersMs: 5_000,
      keepAliveMs: 60_000,
      shutdownGraceMs: 0,
      lingerMs: 300,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT: '5 minutes' })).toThrow('Invalid configuration: REQUEST_TIMEOUT must be a duration from 1s to 30s, like 20s (got "5 minutes")');
    expect(() => loadConfig({ SHUTDOWN_GRACE: '20s' })).toThrow('SHUTDOWN_GRACE must be a duration from 0s to 8s');
    expect(() => loadConfig({ LINGER_TIMEOUT: '1m' })).toThrow('LINGER_TIMEOUT must be a duration from 0s to 30s');
    expect(() => loadConfig({ REQUEST_TIMEOUT: '5s', HEADERS_TIMEOUT: '8s' })).toThrow('HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT (5s)');
  });

  it("reads PostgreSQL's statement and connection timeouts and refuses others with one line naming the variable", () => {
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT: '2s', DATABASE_CONNECT_TIMEOUT: '1500ms' }).databaseTimeouts).toEqual({ statementMs: 2_000, connectMs: 1_500 });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT: '0s' })).toThrow('Invalid configuration: DATABASE_STATEMENT_TIMEOUT must be a duration from 0.5s to 600s, like 5s (got "0s")');
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT: 'soon' })).toThrow('Invalid configuration: DATABASE_CONNECT_TIMEOUT must be a duration from 0.5s to 60s, like 3s (got "soon")');
  });
});

describe('RATE_LIMIT_STORE', () => {
  it('counts in the database by default on PostgreSQL or with several processes, in memory for one process on SQLite, and can be set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/site', WEB_CONCURRENCY: '1' }).rateLimitStore).toBe('database');
    expect(loadConfig({ WEB_CONCURRENCY: '2' }).rateLimitStore).toBe('database');
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).rateLimitStore).toBe('memory');
    expect(loadConfig({ WEB_CONCURRENCY: '4', RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow('Invalid configuration: RATE_LIMIT_STORE must be memory or database (got "redis")');
  });
});

describe('WEB_CONCURRENCY', () => {
  it('is one process per core by default, one for a database in memory, and a whole number from 1 to 64 when set', () => {
    expect(loadConfig({}).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '64' }).webConcurrency).toBe(64);
    for (const bad of ['0', '65', '2.5', 'auto', '-1']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(
        `Invalid configuration: WEB_CONCURRENCY must be a whole number of processes from 1 to 64 (got "${bad}")`,
      );
    }
    expect(() => loadConfig({ DATABASE_URL: 'sqlite::memory:', WEB_CONCURRENCY: '2' })).toThrow(
      'Invalid configuration: WEB_CONCURRENCY must be 1 with DATABASE_URL=sqlite::memory: (each process would have a database of its own; got "2")',
    );
  });
});

describe('SQLITE_SYNCHRONOUS', () => {
  it('is normal by default, full when asked, nothing else', () => {
    expect(loadConfig({}).sqliteSynchronous).toBe('normal');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'full' }).sqliteSynchronous).toBe('full');
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow('Invalid configuration: SQLITE_SYNCHRONOUS must be normal or full (got "off")');
  });
});

describe('retention periods', () => {
  it('refuse each of SUBMISSION_RETAIN_DAYS, SPAM_RETAIN_DAYS, MAIL_BODY_RETAIN_DAYS and UNCONFIRMED_SIGN_UP_RETAIN_DAYS outside 1 to 3650 whole days', () => {
    for (const variable of ['SUBMISSION_RETAIN_DAYS', 'SPAM_RETAIN_DAYS', 'MAIL_BODY_RETAIN_DAYS', 'UNCONFIRMED_SIGN_UP_RETAIN_DAYS']) {
      for (const bad of ['0', '3651', '2.5', 'forever', '-1']) {
        expect(() => loadConfig({ [variable]: bad })).toThrow(`Invalid configuration: ${variable} must be a whole number of days from 1 to 3650 (got "${bad}")`);
      }
      expect(() => loadConfig({ [variable]: '3650' })).not.toThrow();
    }
  });
});
