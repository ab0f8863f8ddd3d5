import { isIP } from 'node:net';
import path from 'node:path';

/**
 * The server's whole configuration, read once from environment variables at start.
 * Optional services are `null` when not configured, so callers branch on one value.
 */
export interface Config {
  port: number;
  host: string;
  /** `sqlite:<path>` (relative paths resolve against the working directory) or `postgres://…`. */
  databaseUrl: string;
  smtpUrl: string | null;
  /** One or more addresses, normalised to `a@x.example, b@y.example`. */
  mailTo: string | null;
  recaptchaSiteKey: string | null;
  recaptchaSecret: string | null;
  recaptchaVerifyUrl: string;
  googleMapsApiKey: string | null;
  /** When null the server generates one and keeps it in the `settings` table. */
  nonceSecret: string | null;
  logLevel: LogLevel;
  /** Absolute path of the built site. */
  staticRoot: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULTS = {
  port: 8080,
  host: '127.0.0.1',
  databaseUrl: 'sqlite:data/site.db',
  recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
  logLevel: 'info' as LogLevel,
  staticRoot: 'dist/client',
} as const;

export const NONCE_SECRET_MIN_LENGTH = 32;

/** A configuration problem; `message` is one line that names the variable. */
export class ConfigError extends Error {
  readonly variable: string;

  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and validates the configuration. Pure: the environment and working directory are
 * parameters so tests can pass their own. Throws ConfigError on the first bad value.
 */
export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
  const recaptchaSiteKey = readToken(env, 'RECAPTCHA_SITE_KEY');
  const recaptchaSecret = readSecretToken(env, 'RECAPTCHA_SECRET');
  // One without the other cannot work: the browser would show a captcha nobody verifies,
  // or the server would demand a token no browser can produce.
  if (recaptchaSiteKey !== null && recaptchaSecret === null) {
    throw new ConfigError('RECAPTCHA_SECRET', 'must be set when RECAPTCHA_SITE_KEY is set');
  }
  if (recaptchaSecret !== null && recaptchaSiteKey === null) {
    throw new ConfigError('RECAPTCHA_SITE_KEY', 'must be set when RECAPTCHA_SECRET is set');
  }

  return {
    port: readPort(env),
    host: readHost(env),
    databaseUrl: readDatabaseUrl(env),
    smtpUrl: readSmtpUrl(env),
    mailTo: readMailTo(env),
    recaptchaSiteKey,
    recaptchaSecret,
    recaptchaVerifyUrl: readHttpUrl(env, 'RECAPTCHA_VERIFY_URL', DEFAULTS.recaptchaVerifyUrl),
    googleMapsApiKey: readToken(env, 'GOOGLE_MAPS_API_KEY'),
    nonceSecret: readNonceSecret(env),
    logLevel: readLogLevel(env),
    staticRoot: path.resolve(cwd, read(env, 'STATIC_ROOT') ?? DEFAULTS.staticRoot),
  };
}

/** An unset or blank variable counts as unset, so `PORT=` in a compose file means the default. */
function read(env: Env, name: string): string | null {
  const value = env[name];
  if (value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Quotes a value for the error line; JSON escaping keeps it on one line. */
function shown(value: string): string {
  return JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);
}

/** Shows a URL without its password, which must never reach logs or terminals. */
function shownUrl(value: string): string {
  return shown(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/?#@]*):[^@/?#]*@/i, '$1:***@'));
}

function readPort(env: Env): number {
  const raw = read(env, 'PORT');
  if (raw === null) return DEFAULTS.port;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw new ConfigError('PORT', `must be an integer from 1 to 65535 (got ${shown(raw)})`);
  }
  return port;
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function readHost(env: Env): string {
  const raw = read(env, 'HOST');
  if (raw === null) return DEFAULTS.host;
  if (isIP(raw) === 0 && !HOSTNAME.test(raw)) {
    throw new ConfigError('HOST', `must be an IP address or a host name (got ${shown(raw)})`);
  }
  return raw;
}

function readDatabaseUrl(env: Env): string {
  const raw = read(env, 'DATABASE_URL');
  if (raw === null) return DEFAULTS.databaseUrl;
  const problem = `must be sqlite:<path> or a postgres:// URL (got ${shownUrl(raw)})`;
  if (raw.startsWith('sqlite:')) {
    if (raw.slice('sqlite:'.length).trim() === '') throw new ConfigError('DATABASE_URL', problem);
    return raw;
  }
  const url = parseUrl(raw);
  if (url === null || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || url.hostname === '') {
    throw new ConfigError('DATABASE_URL', problem);
  }
  return raw;
}

function readSmtpUrl(env: Env): string | null {
  const raw = read(env, 'SMTP_URL');
  if (raw === null) return null;
  const url = parseUrl(raw);
  if (url === null || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new ConfigError('SMTP_URL', `must be an smtp:// or smtps:// URL with a host (got ${shownUrl(raw)})`);
  }
  if (url.port !== '' && Number(url.port) < 1) {
    throw new ConfigError('SMTP_URL', `must have a port from 1 to 65535 (got ${shownUrl(raw)})`);
  }
  return raw;
}

// Deliberately simple: the SMTP server is the final judge; this catches typos and
// placeholders such as "admin" or "you@" before the first message is lost to them.
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]{2,}$/;

function readMailTo(env: Env): string | null {
  const raw = read(env, 'MAIL_TO');
  if (raw === null) return null;
  const addresses = raw.split(',').map((part) => part.trim());
  if (addresses.some((address) => !EMAIL.test(address))) {
    throw new ConfigError('MAIL_TO', `must be an e-mail address or a comma-separated list of them (got ${shown(raw)})`);
  }
  return addresses.join(', ');
}

function readHttpUrl(env: Env, name: string, fallback: string): string {
  const raw = read(env, name);
  if (raw === null) return fallback;
  const url = parseUrl(raw);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new ConfigError(name, `must be an http:// or https:// URL (got ${shownUrl(raw)})`);
  }
  return raw;
}

/** API keys and site keys: printable, no spaces, so a pasted quote or newline is caught. */
function readToken(env: Env, name: string): string | null {
  const raw = read(env, name);
  if (raw === null) return null;
  if (!/^[A-Za-z0-9._~+/=-]+$/.test(raw)) {
    throw new ConfigError(name, `must contain only letters, digits and - _ . ~ + / = (got ${shown(raw)})`);
  }
  return raw;
}

/** Like readToken, but never echoes the value. */
function readSecretToken(env: Env, name: string): string | null {
  const raw = read(env, name);
  if (raw === null) return null;
  if (!/^[A-Za-z0-9._~+/=-]+$/.test(raw)) {
    throw new ConfigError(name, 'must contain only letters, digits and - _ . ~ + / = (value not shown)');
  }
  return raw;
}

function readNonceSecret(env: Env): string | null {
  const raw = read(env, 'NONCE_SECRET');
  if (raw === null) return null;
  if (raw.length < NONCE_SECRET_MIN_LENGTH) {
    throw new ConfigError(
      'NONCE_SECRET',
      `must be at least ${NONCE_SECRET_MIN_LENGTH} characters long (got ${raw.length} characters)`,
    );
  }
  return raw;
}

function readLogLevel(env: Env): LogLevel {
  const raw = read(env, 'LOG_LEVEL');
  if (raw === null) return DEFAULTS.logLevel;
  const level = LOG_LEVELS.find((candidate) => candidate === raw.toLowerCase());
  if (level === undefined) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got ${shown(raw)})`);
  }
  return level;
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
