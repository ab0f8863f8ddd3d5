import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ConsoleRole, Database } from '../db/types.ts';
import { CONSOLE_PRESENCE } from '../../src/validation/console/console-presence.ts';

/*
 * Console sessions (README.md, "The console"): the cookie holds a random 256-bit id; the
 * database keeps only its SHA-256, so a copy of the database signs nobody in. A session ends
 * after 30 minutes without a request, 12 hours after sign-in, on sign-out, on "sign out
 * everywhere" and when its person is revoked. Each session records its person's last passkey
 * sign-in (`signed_in_at`, migration 0029): the sign-in or enrolment that started it, or a later
 * sign-in again inside it; adding a passkey asks for one within RECENT_SIGN_IN_MS.
 */

export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (a request a second would otherwise write a row a second). */
const TOUCH_EVERY_MS = 60 * 1000;
/** Adding a passkey needs a passkey sign-in in the session within this time (README.md, "The console"). */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/** SHA-256 hex of a random secret (a session id, an invitation token, a ceremony handle). */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new random secret: 32 bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface ConsolePerson {
  id: number;
  email: string;
  role: ConsoleRole;
}

export interface ActiveSession {
  status: 'active';
  idHash: string;
  person: ConsolePerson;
  createdAt: string;
  expiresAt: string;
  /** The last passkey sign-in in this session; null for a row made without one. */
  signedInAt: string | null;
}

export type SessionLookup = ActiveSession | { status: 'expired' } | { status: 'unknown' };

export async function createSession(
  db: Kysely<Database>,
  personId: number,
  { now, userAgent }: { now: number; userAgent: string | null },
): Promise<{ id: string; expiresAt: string }> {
  const id = newSecret();
  const at = new Date(now).toISOString();
  const expiresAt = new Date(now + SESSION_MAX_MS).toISOString();
  await db
    .insertInto('console_sessions')
    .values({ id_hash: secretHash(id), person_id: personId, created_at: at, last_seen_at: at, expires_at: expiresAt, ended_at: null, user_agent: userAgent?.slice(0, 300) ?? null, signed_in_at: at })
    .execute();
  return { id, expiresAt };
}

/** The session a cookie names, if it is alive (and then counts this request as activity). */
export async function findSession(db: Kysely<Database>, id: string, now: number): Promise<SessionLookup> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return { status: 'unknown' };
  const idHash = secretHash(id);
  const row = await db
    .selectFrom('console_sessions as s')
    .innerJoin('console_people as p', 'p.id', 's.person_id')
    .select(['s.id_hash', 's.created_at', 's.last_seen_at', 's.expires_at', 's.ended_at', 's.signed_in_at', 'p.id as person_id', 'p.email', 'p.role', 'p.revoked_at'])
    .where('s.id_hash', '=', idHash)
    .executeTakeFirst();
  if (row === undefined || row.ended_at !== null || row.revoked_at !== null) return { status: 'unknown' };
  const lastSeen = Date.parse(row.last_seen_at);
  if (now >= Date.parse(row.expires_at) || now >= lastSeen + SESSION_IDLE_MS) {
    await db.updateTable('console_sessions').set({ ended_at: new Date(now).toISOString() }).where('id_hash', '=', idHash).where('ended_at', 'is', null).execute();
    return { status: 'expired' };
  }
  if (now - lastSeen >= TOUCH_EVERY_MS) {
    await db.updateTable('console_sessions').set({ last_seen_at: new Date(now).toISOString() }).where('id_hash', '=', idHash).execute();
  }
  return {
    status: 'active',
    idHash,
    person: { id: row.person_id, email: row.email, role: row.role },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    signedInAt: row.signed_in_at,
  };
}

/** Records a passkey sign-in again inside a live session. */
export async function markSignedIn(db: Kysely<Database>, idHash: string, now: number): Promise<void> {
  await db.updateTable('console_sessions').set({ signed_in_at: new Date(now).toISOString() }).where('id_hash', '=', idHash).where('ended_at', 'is', null).execute();
}

/** Whether the session's last passkey sign-in is within `withinMs` of now. */
export function signedInWithin(session: Pick<ActiveSession, 'signedInAt'>, now: number, withinMs: number): boolean {
  return session.signedInAt !== null && now - Date.parse(session.signedInAt) <= withinMs;
}

export async function endSession(db: Kysely<Database>, idHash: string, now: number): Promise<void> {
  await db.updateTable('console_sessions').set({ ended_at: new Date(now).toISOString() }).where('id_hash', '=', idHash).where('ended_at', 'is', null).execute();
}

/** Ends every session of a person (sign out everywhere, revocation); answers how many. */
export async function endPersonSessions(db: Kysely<Database>, personId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('console_sessions')
    .set({ ended_at: new Date(now).toISOString() })
    .where('person_id', '=', personId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The session cookie: `HttpOnly`, `SameSite=Strict`, `Path=/` (the public pages' click counts
 * need it: README.md, "Click counts"). On https it is `__Host-console_session`, `Secure` (the
 * prefix's guarantee: set by this origin only, for this host only); on http (a developer's
 * machine, tests) it is `console_session`.
 */
export function sessionCookie(siteUrl: string): { name: string; options: { httpOnly: true; sameSite: 'strict'; secure: boolean; path: '/' } } {
  const secure = siteUrl.startsWith('https:');
  return { name: secure ? '__Host-console_session' : 'console_session', options: { httpOnly: true, sameSite: 'strict', secure, path: '/' } };
}

/**
 * The presence cookie older builds set beside it, readable by every script on a public page:
 * cleared wherever the session cookie is set or cleared, and by a refused counts request. A tab's
 * sessionStorage mark replaced it (src/validation/console/console-presence.ts).
 */
export function presenceCookie(siteUrl: string): { name: string; options: { httpOnly: false; sameSite: 'strict'; secure: boolean; path: '/' } } {
  return { name: CONSOLE_PRESENCE, options: { httpOnly: false, sameSite: 'strict', secure: siteUrl.startsWith('https:'), path: '/' } };
}
