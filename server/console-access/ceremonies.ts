import type { Kysely } from 'kysely';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { repositoryContent } from '../../content/repository-content.ts';
import { CONSOLE_ACCESS_ERROR, type RegistrationCeremony, type SignInCeremony } from '../../src/validation/console-access/console-access.protocol.ts';
import { newSecret, secretHash } from '../console/console-sessions.ts';
import type { ConsoleChallengePurpose, Database } from '../db/types.ts';
import { RestError } from '../http/rest-error.ts';

/** The company's name and details, as the repository's content has them. */
const { company } = repositoryContent();

/*
 * The passkey ceremonies (ARCHITECTURE.md, "The console"), with @simplewebauthn/server: the
 * relying party is SITE_URL (its host name the rpID, its origin the expected origin). A
 * ceremony's challenge is kept in console_challenges under the SHA-256 of a random handle the
 * browser sends back; it lives 5 minutes, answers one purpose and is deleted when answered,
 * right or wrong, so an answer cannot be replayed. Registration asks for a discoverable
 * credential; sign-in names no credentials, so the browser's passkey autofill can offer them
 * (signing in again inside a session names that person's passkeys and takes no other).
 * Every ceremony requires user verification (the device's PIN, fingerprint or face, not only a
 * touch): an answer without the UV flag is refused, so a security key picked up from a desk
 * signs nobody in (README.md, "Abuse paths").
 */

export const CEREMONY_MS = 5 * 60 * 1000;

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: company.name };
}

function ceremonyExpired(): RestError {
  return new RestError(400, CONSOLE_ACCESS_ERROR.ceremonyExpired, 'This sign-in step has expired or was already used. Start again.');
}

async function keepChallenge(db: Kysely<Database>, purpose: ConsoleChallengePurpose, challenge: string, personId: number | null, now: number): Promise<string> {
  const handle = newSecret();
  // Unanswered ceremonies are purged as new ones start.
  await db.deleteFrom('console_challenges').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await db
    .insertInto('console_challenges')
    .values({ id_hash: secretHash(handle), purpose, challenge, person_id: personId, expires_at: new Date(now + CEREMONY_MS).toISOString() })
    .execute();
  return handle;
}

/** Takes (and deletes) a ceremony's challenge: it must be alive, of this purpose (and person). */
export async function takeChallenge(db: Kysely<Database>, handle: string, purpose: ConsoleChallengePurpose, personId: number | null, now: number): Promise<string> {
  const row = await db.deleteFrom('console_challenges').where('id_hash', '=', secretHash(handle)).returningAll().executeTakeFirst();
  if (row === undefined || row.purpose !== purpose || row.person_id !== personId || Date.parse(row.expires_at) <= now) throw ceremonyExpired();
  return row.challenge;
}

export interface NewPasskeyFor {
  id: number;
  email: string;
  userHandle: string;
}

/** Options to register a passkey for a person; excludes the passkeys they have. */
export async function startRegistration(db: Kysely<Database>, rp: RelyingParty, person: NewPasskeyFor, purpose: 'enrol' | 'add-passkey', now: number): Promise<RegistrationCeremony> {
  const existing = await db.selectFrom('console_passkeys').select(['credential_id', 'transports']).where('person_id', '=', person.id).execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email,
    userID: isoBase64URL.toBuffer(person.userHandle),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credential_id, transports: JSON.parse(key.transports) as string[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CEREMONY_MS,
  });
  return { ceremony: await keepChallenge(db, purpose, options.challenge, person.id, now), options };
}

function rejected(message = 'Your passkey’s answer could not be verified. Try again.'): RestError {
  return new RestError(400, CONSOLE_ACCESS_ERROR.passkeyRejected, message);
}

/** What an answer must show: this ceremony's challenge, the site's origin and rpID, and that the authenticator verified the person. */
function expected(rp: RelyingParty, challenge: string) {
  return { expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true };
}

/** The library's verdict; its errors (a wrong origin, a counter gone backwards…) and a "not verified" are one refusal. */
async function verifiedOrRejected<T extends { verified: boolean }>(verification: Promise<T>): Promise<T & { verified: true }> {
  const verified = await verification.catch(() => {
    throw rejected();
  });
  if (!verified.verified) throw rejected();
  return verified as T & { verified: true };
}

/** Verifies a registration and stores the passkey; answers its id. */
export async function finishRegistration(
  db: Kysely<Database>,
  rp: RelyingParty,
  { challenge, response, personId, name, now }: { challenge: string; response: unknown; personId: number; name: string | undefined; now: number },
): Promise<{ passkeyId: number; name: string }> {
  const verified = await verifiedOrRejected(verifyRegistrationResponse({ response: response as RegistrationResponseJSON, ...expected(rp, challenge) }));
  const info = verified.registrationInfo;
  const known = await db.selectFrom('console_passkeys').select('id').where('credential_id', '=', info.credential.id).executeTakeFirst();
  if (known !== undefined) throw rejected('This passkey is already registered.');
  const at = new Date(now).toISOString();
  const count = await db.selectFrom('console_passkeys').select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).where('person_id', '=', personId).executeTakeFirstOrThrow();
  const keyName = name?.trim() || `Passkey ${Number(count.count) + 1}`;
  const row = await db
    .insertInto('console_passkeys')
    .values({
      person_id: personId,
      credential_id: info.credential.id,
      public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? []),
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp ? 1 : 0,
      name: keyName,
      created_at: at,
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { passkeyId: row.id, name: keyName };
}

/** Options to sign in: discoverable, no credentials named. */
export async function startAuthentication(db: Kysely<Database>, rp: RelyingParty, now: number): Promise<SignInCeremony> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CEREMONY_MS });
  return { ceremony: await keepChallenge(db, 'sign-in', options.challenge, null, now), options };
}

/** Options to sign in again inside a session: only that person's passkeys are named (and accepted). */
export async function startSignInAgain(db: Kysely<Database>, rp: RelyingParty, personId: number, now: number): Promise<SignInCeremony> {
  const keys = await db.selectFrom('console_passkeys').select(['credential_id', 'transports']).where('person_id', '=', personId).execute();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CEREMONY_MS,
    allowCredentials: keys.map((key) => ({ id: key.credential_id, transports: JSON.parse(key.transports) as string[] })),
  });
  return { ceremony: await keepChallenge(db, 'sign-in-again', options.challenge, personId, now), options };
}

export interface KnownPasskey {
  id: number;
  personId: number;
  email: string;
  revoked: boolean;
}

/** The passkey an assertion names, with its person (or null: unknown). */
export async function passkeyOf(db: Kysely<Database>, credentialId: string): Promise<KnownPasskey | null> {
  const row = await db
    .selectFrom('console_passkeys as k')
    .innerJoin('console_people as p', 'p.id', 'k.person_id')
    .select(['k.id', 'k.person_id', 'p.email', 'p.revoked_at'])
    .where('k.credential_id', '=', credentialId)
    .executeTakeFirst();
  return row === undefined ? null : { id: row.id, personId: row.person_id, email: row.email, revoked: row.revoked_at !== null };
}

/** Verifies an assertion against the stored passkey; updates its counter and last use. */
export async function finishAuthentication(
  db: Kysely<Database>,
  rp: RelyingParty,
  { challenge, response, passkeyId, now }: { challenge: string; response: unknown; passkeyId: number; now: number },
): Promise<void> {
  const key = await db.selectFrom('console_passkeys').selectAll().where('id', '=', passkeyId).executeTakeFirstOrThrow();
  const verified = await verifiedOrRejected(
    verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      ...expected(rp, challenge),
      credential: { id: key.credential_id, publicKey: isoBase64URL.toBuffer(key.public_key), counter: Number(key.counter), transports: JSON.parse(key.transports) as string[] },
    }),
  );
  await db
    .updateTable('console_passkeys')
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: new Date(now).toISOString() })
    .where('id', '=', passkeyId)
    .execute();
}
