import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { repositoryContent } from '../../content/repository-content.ts';
import { CONSOLE_PATH } from '../../src/validation/console/console-api.ts';
import { CONSOLE_ACCESS_ERROR, type PersonRow } from '../../src/validation/console-access/console-access.protocol.ts';
import { recordAudit, type AuditActor } from '../console/console-audit.ts';
import { endPersonSessions, newSecret, secretHash } from '../console/console-sessions.ts';
import type { ConsoleRole, Database } from '../db/types.ts';
import { RestError } from '../http/rest-error.ts';
import { enqueueMail, type OutboxMail } from '../mail/enqueue-mail.ts';

/** The company's name and details, as the repository's content has them. */
const { company } = repositoryContent();

/*
 * The console's people (README.md, "The console"), written once for the owner's routes
 * (people.route.ts) and the command line (`npm run admin`): invitations, revocations and the
 * list. An invitation is a single-use link valid 24 hours; for a person who already has access
 * it is their recovery (a new passkey), mailed to them alone; it revives a revoked person. The
 * person is told by mail (when mail is set up) of an invitation, a recovery and a revocation.
 * Every change is audited in its own transaction.
 */

export const INVITATION_VALID_MS = 24 * 60 * 60 * 1000;
/** Failed sign-ins of one person within this window … */
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** … after which that person's next attempts are refused for the rest of the window. */
export const ACCOUNT_FAILURE_LIMIT = 10;

/** An address as stored: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// One @, a dot in the domain, no spaces or angle brackets: enough to refuse a typo clearly;
// the enrolment link proves the address.
const EMAIL_PATTERN = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;.]+$/;

function emailRefusal(message: string): RestError {
  return new RestError(400, 'console_invalid_body', message, { field: 'email' });
}

export function checkEmail(raw: string): string {
  const email = normaliseEmail(raw);
  if (email.length === 0) throw emailRefusal('Enter the person’s email address.');
  if (email.length > 254) throw emailRefusal('That email address is too long.');
  if (!EMAIL_PATTERN.test(email)) throw emailRefusal('Enter an email address like name@example.co.za.');
  return email;
}

export function enrolmentLink(siteUrl: string, token: string): string {
  return `${new URL(CONSOLE_PATH, siteUrl).href}#/enrol/${token}`;
}

export interface Invitation {
  person: { id: number; email: string; role: ConsoleRole };
  /** Null for a recovery the inviter may not see (`revealRecovery` false): it went to the person's mailbox only. */
  link: string | null;
  expiresAt: string;
  mailed: boolean;
  /** The person already had access (a passkey): the link recovers their account. */
  recovery: boolean;
}

/** Who asked, as the person reads it in a mail. */
function askedBy(by: AuditActor): string {
  return by.personId === null ? 'the website’s server administrator (the command line)' : by.actor;
}

function invitationMail(email: string, role: ConsoleRole, link: string, at: string, revived: boolean): OutboxMail {
  return {
    to: email,
    replyTo: null,
    subject: `Your access to the ${company.name} console`,
    body: [
      `You have been given ${role} access to the ${company.name} website console.`,
      ...(revived ? ['', 'Your earlier access had been revoked: the passkeys you had before no longer sign in.'] : []),
      '',
      'Open this link within 24 hours to register a passkey (your device’s screen lock, a security key or a password manager):',
      '',
      link,
      '',
      'The link works once. If you did not expect it, ignore this message.',
    ].join('\n'),
    createdAt: at,
  };
}

function recoveryMail(email: string, by: AuditActor, link: string, at: string): OutboxMail {
  return {
    to: email,
    replyTo: null,
    subject: `A recovery link for your ${company.name} console access`,
    body: [
      `${askedBy(by)} asked for a recovery link for your access to the ${company.name} website console.`,
      '',
      'If you lost your passkeys, open this link within 24 hours to register a new one on your account:',
      '',
      link,
      '',
      'The link works once and only from this message: nobody else was shown it. If you still have your passkey and did not ask for this, ignore this message (your passkeys keep working) and tell another owner.',
    ].join('\n'),
    createdAt: at,
  };
}

function revocationMail(email: string, by: AuditActor, at: string): OutboxMail {
  return {
    to: email,
    replyTo: null,
    subject: `Your access to the ${company.name} console was revoked`,
    body: [
      `${askedBy(by)} revoked your access to the ${company.name} website console; your sessions have ended and your passkeys no longer sign in.`,
      '',
      'If you did not expect this, ask an owner of the console why.',
    ].join('\n'),
    createdAt: at,
  };
}

/**
 * Invites an address. A new person gets a link (and a mail when `mail`); a revoked one is
 * revived, their old passkeys removed. For someone with access (a passkey) it is a recovery:
 * the link goes to their own mailbox, and the inviter sees it only when `revealRecovery` (the
 * command line, whose operator holds the database anyway); an owner in the console never holds
 * a link into another person's account, and without mail is told to revoke first (README.md,
 * "How an owner starts").
 */
export async function invitePerson(
  db: Kysely<Database>,
  {
    email: rawEmail,
    role,
    by,
    now,
    siteUrl,
    mail,
    revealRecovery,
  }: { email: string; role: ConsoleRole; by: AuditActor; now: number; siteUrl: string; mail: boolean; revealRecovery: boolean },
): Promise<Invitation> {
  const email = checkEmail(rawEmail);
  const at = new Date(now).toISOString();
  const expiresAt = new Date(now + INVITATION_VALID_MS).toISOString();
  const token = newSecret();
  const link = enrolmentLink(siteUrl, token);
  const { person, recovery } = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('console_people').select(['id', 'role', 'revoked_at']).where('email', '=', email).executeTakeFirst();
    let id: number;
    let recovery = false;
    let revived = false;
    if (existing === undefined) {
      const row = await trx
        .insertInto('console_people')
        .values({ email, role, user_handle: randomBytes(32).toString('base64url'), created_at: at, revoked_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } else if (existing.revoked_at !== null) {
      // Revived: the role is the one given now, and access comes only through the new link —
      // the passkeys held before revocation (perhaps on a lost device) no longer sign in
      // (README.md, "How an owner starts", step 6).
      await trx.updateTable('console_people').set({ revoked_at: null, role }).where('id', '=', existing.id).execute();
      await trx.deleteFrom('console_passkeys').where('person_id', '=', existing.id).execute();
      id = existing.id;
      revived = true;
    } else {
      if (existing.role !== role) {
        throw new RestError(409, CONSOLE_ACCESS_ERROR.alreadyInvited, `${email} already has access as ${existing.role}. Revoke it first to change the role.`, { field: 'email' });
      }
      id = existing.id;
      // Someone who enrolled has access: a link is theirs alone. (Someone never enrolled gets a fresh link, as a new person does.)
      const passkey = await trx.selectFrom('console_passkeys').select('id').where('person_id', '=', id).limit(1).executeTakeFirst();
      recovery = passkey !== undefined;
      if (recovery && !mail && !revealRecovery) {
        throw new RestError(
          409,
          CONSOLE_ACCESS_ERROR.recoveryNeedsMail,
          `${email} already has access. Mail is not set up, so a recovery link could not reach them: revoke their access, then invite them again.`,
          { field: 'email' },
        );
      }
    }
    // One link at a time: an earlier unused one no longer works.
    await trx.updateTable('console_invitations').set({ used_at: at }).where('person_id', '=', id).where('used_at', 'is', null).execute();
    await trx
      .insertInto('console_invitations')
      .values({ person_id: id, token_hash: secretHash(token), invited_by: by.personId, created_at: at, expires_at: expiresAt, used_at: null })
      .execute();
    if (mail) await enqueueMail(trx, recovery ? recoveryMail(email, by, link, at) : invitationMail(email, role, link, at, revived));
    await recordAudit(trx, by, { action: 'invitation', subject: email, detail: { role, expiresAt, mailed: mail, ...(recovery ? { recovery } : {}) }, now });
    return { person: { id, email, role }, recovery };
  });
  return { person, link: recovery && !revealRecovery ? null : link, expiresAt, mailed: mail, recovery };
}

/** Revokes by id (the console) or address (the command line): sessions end, pending links die; the person is told by mail when `mail`. */
export async function revokePerson(
  db: Kysely<Database>,
  which: { id: number } | { email: string },
  { by, now, mail }: { by: AuditActor; now: number; mail: boolean },
): Promise<{ id: number; email: string; sessionsEnded: number; mailed: boolean }> {
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom('console_people')
      .select(['id', 'email', 'role', 'revoked_at'])
      .$call((query) => ('id' in which ? query.where('id', '=', which.id) : query.where('email', '=', normaliseEmail(which.email))))
      .executeTakeFirst();
    if (person === undefined || person.revoked_at !== null) {
      throw new RestError(404, 'console_not_found', 'id' in which ? 'There is no such person with access.' : `${normaliseEmail(which.email)} has no access.`);
    }
    if (by.personId === person.id) throw new RestError(409, CONSOLE_ACCESS_ERROR.selfRevoke, 'You cannot revoke your own access.');
    if (person.role === 'owner') {
      const owners = await trx.selectFrom('console_people').select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).where('role', '=', 'owner').where('revoked_at', 'is', null).executeTakeFirstOrThrow();
      if (Number(owners.count) <= 1) throw new RestError(409, CONSOLE_ACCESS_ERROR.lastOwner, 'The last owner cannot be revoked: invite another owner first.');
    }
    await trx.updateTable('console_people').set({ revoked_at: at }).where('id', '=', person.id).execute();
    await trx.updateTable('console_invitations').set({ used_at: at }).where('person_id', '=', person.id).where('used_at', 'is', null).execute();
    const sessionsEnded = await endPersonSessions(trx, person.id, now);
    if (mail) await enqueueMail(trx, revocationMail(person.email, by, at));
    await recordAudit(trx, by, { action: 'revocation', subject: person.email, detail: { sessionsEnded }, now });
    return { id: person.id, email: person.email, sessionsEnded, mailed: mail };
  });
}

/** Everyone who has or had access, with their passkeys, pending link and sign-ins. */
export async function listPeople(db: Kysely<Database>, now: number): Promise<PersonRow[]> {
  const at = new Date(now).toISOString();
  const people = await db.selectFrom('console_people').select(['id', 'email', 'role', 'created_at', 'revoked_at']).orderBy('email').execute();
  const passkeys = await db.selectFrom('console_passkeys').select((eb) => ['person_id', eb.fn.countAll<number | string | bigint>().as('count')]).groupBy('person_id').execute();
  const pending = await db.selectFrom('console_invitations').select('person_id').distinct().where('used_at', 'is', null).where('expires_at', '>', at).execute();
  const signIns = await db
    .selectFrom('console_audit')
    .select((eb) => ['person_id', 'action', eb.fn.max('at').as('last')])
    .where('action', 'in', ['sign-in', 'sign-in-failed'])
    .where('person_id', 'is not', null)
    .groupBy(['person_id', 'action'])
    .execute();
  const lastOf = (personId: number, action: string) => signIns.find((row) => row.person_id === personId && row.action === action)?.last ?? null;
  const rows: PersonRow[] = [];
  for (const person of people) {
    const lastSignInAt = lastOf(person.id, 'sign-in');
    const failed = await db
      .selectFrom('console_audit')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('person_id', '=', person.id)
      .where('action', '=', 'sign-in-failed')
      .$if(lastSignInAt !== null, (query) => query.where('at', '>', lastSignInAt!))
      .executeTakeFirstOrThrow();
    rows.push({
      id: person.id,
      email: person.email,
      role: person.role,
      createdAt: person.created_at,
      revokedAt: person.revoked_at,
      passkeys: Number(passkeys.find((row) => row.person_id === person.id)?.count ?? 0),
      invitationPending: pending.some((row) => row.person_id === person.id),
      lastSignInAt,
      failedSignIns: Number(failed.count),
      lastFailedAt: Number(failed.count) > 0 ? lastOf(person.id, 'sign-in-failed') : null,
    });
  }
  return rows;
}

/** Failed sign-ins of a person within the last ACCOUNT_FAILURE_WINDOW_MS. */
export async function recentFailures(db: Kysely<Database>, personId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('console_audit')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('person_id', '=', personId)
    .where('action', '=', 'sign-in-failed')
    .where('at', '>', new Date(now - ACCOUNT_FAILURE_WINDOW_MS).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
