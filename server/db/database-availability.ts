/*
 * When the database cannot serve (README.md, "Faults the server survives"): PostgreSQL hangs,
 * is partitioned away or restarts; SQLite's disk is full or failing. Requests are then answered
 * 503 `database_unavailable` at once (http/rest-error.ts) instead of waiting, and the contact
 * form answers CF7's own `mail_failed`. This module says which errors mean that, and keeps the
 * PostgreSQL pool from sending every request into a database that is known not to answer.
 */

/** Thrown instead of sending a query while PostgreSQL is known not to answer (the guard below). */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(cause?: unknown) {
    super('the database did not answer a moment ago: not waiting for it again yet', { cause });
  }
}

/** node-postgres's own errors of a connection that is gone, or never came, or stopped answering. */
const PG_CONNECTION_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** Socket errors of a server that is down or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** The disk cannot take a write (a full disk, a quota, a read-only or failing file system). */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/**
 * PostgreSQL's SQLSTATEs of a server that cannot serve: class 08 (connection exception), 53
 * (insufficient resources: disk full, out of memory, too many connections), 57P01-57P03
 * (shut down, starting up), 57014 (a statement cancelled by DATABASE_STATEMENT_TIMEOUT) and
 * 25006 (a write refused by a read-only server: a standby, or one set read-only).
 */
function isPostgresUnavailableState(state: string): boolean {
  return state.startsWith('08') || state.startsWith('53') || state === '57014' || state === '25006' || /^57P0[123]$/.test(state);
}

/** SQLite's codes of a file it cannot write or read (better-sqlite3's `SQLITE_FULL`, `SQLITE_IOERR_WRITE`…). */
function isSqliteUnavailableCode(code: string): boolean {
  return /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|PROTOCOL|NOLFS)(_|$)/.test(code);
}

/** An error meaning the database cannot serve now (not that the request or the query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || DISK_CODES.has(code) || isSqliteUnavailableCode(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && isPostgresUnavailableState(code)) return true;
  }
  // Only the error itself, never its cause: fetch() wraps a refused connection to another
  // service (reCAPTCHA, Brevo) in a TypeError whose cause has the same codes as the database's.
  const message = error instanceof Error ? error.message : '';
  return PG_CONNECTION_MESSAGES.some((text) => message.includes(text));
}

/** A failure of the connection itself (not of one statement): the server is down, hung or unreachable. */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError || typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return PG_CONNECTION_MESSAGES.some((text) => message.includes(text));
}

/**
 * The pool's guard, a circuit breaker: once a connection was lost (a query read timeout, a
 * refused or reset connection), queries fail at once with DatabaseUnavailableError for
 * `retryMs`; then one checkout goes through as a probe while the others still fail at once,
 * and the first answer from the server closes the guard again. So while PostgreSQL hangs,
 * each request waits at most one timeout (the one in flight when it stopped), and it is used
 * again within `retryMs` of answering.
 */
export interface AvailabilityGuard {
  /** May a checkout go ahead? `probe` when it is the one let through to try the server again. */
  admit(): 'yes' | 'probe' | 'no';
  /** Is the guard open (the server did not answer lately)? */
  isOpen(): boolean;
  /** The server answered (anything, an error of the statement included). */
  answered(): void;
  /** A connection was lost. */
  lost(): void;
  /** A probe's checkout ended; if it got no answer, the next checkout may probe. */
  probeEnded(): void;
}

export function createAvailabilityGuard(retryMs: number, now: () => number = Date.now): AvailabilityGuard {
  let openedAt: number | null = null;
  let probing = false;
  return {
    admit() {
      if (openedAt === null) return 'yes';
      if (probing || now() - openedAt < retryMs) return 'no';
      probing = true;
      return 'probe';
    },
    isOpen: () => openedAt !== null,
    answered() {
      openedAt = null;
      probing = false;
    },
    lost() {
      openedAt = now();
      probing = false;
    },
    probeEnded() {
      probing = false;
    },
  };
}
