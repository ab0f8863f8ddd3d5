import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../server/db/migrate.ts';
import { migrations } from '../../../server/db/migrations/index.ts';
import { CONSOLE_ACCESS_ERROR, CONSOLE_ACCESS_ROUTE, type RegistrationCeremony, type SignInCeremony } from '../../../src/validation/console-access/console-access.protocol.ts';
import { RECENT_SIGN_IN_MS } from '../../../server/console/console-sessions.ts';
import { CEREMONY_MS } from '../../../server/console-access/ceremonies.ts';
import { createSoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, testDialect } from '../helpers/test-db.ts';
import { api, enrol, get, post, SITE, SITE_ENV, type Enrolled } from './console-access-fixture.ts';

/*
 * Adding a passkey to one's own account needs a passkey sign-in in the session within the last
 * five minutes (README.md, "The console"; console_sessions.signed_in_at, migration 0029): a live
 * session alone (a borrowed, unlocked browser; a copied cookie) must not add a lasting way in.
 * The console is refused with 403 console_recent_sign_in_required, and signs in again inside
 * the session with one of the person's own passkeys.
 */

const MINUTE = 60 * 1000;

describe(`adding a passkey after a recent sign-in, on ${testDialect}`, () => {
  let clock = Date.parse('2026-11-26T08:00:00.000Z');
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(SITE_ENV, { now: () => clock });
  });
  afterAll(() => test.cleanup());
  const app = () => test.app;
  const passkeyNames = async (personId: number) => (await app().db.selectFrom('console_passkeys').select('name').where('person_id', '=', personId).orderBy('id').execute()).map((row) => row.name);
  const addOptions = (person: Enrolled) => post(app(), api(CONSOLE_ACCESS_ROUTE.passkeyOptions), {}, person.cookie);

  async function signInAgain(person: Enrolled, authenticator = person.authenticator) {
    const options = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInAgainOptions), {}, person.cookie);
    expect(options.statusCode, options.body).toBe(200);
    const ceremony = options.json() as SignInCeremony;
    return { ceremony, answer: await post(app(), api(CONSOLE_ACCESS_ROUTE.signInAgainVerify), { ceremony: ceremony.ceremony, response: authenticator.authenticate(ceremony.options) }, person.cookie) };
  }

  it('refuses to add a passkey with a session whose passkey sign-in is older than five minutes (the attack: a live session added an attacker’s passkey)', async () => {
    const person = await enrol(app(), 'borrowed@example.co.za', 'staff');
    clock += RECENT_SIGN_IN_MS + MINUTE;
    // The session is alive (30 minutes idle): it reads the account…
    expect((await get(app(), api(CONSOLE_ACCESS_ROUTE.passkeys), person.cookie)).statusCode).toBe(200);
    // …but whoever holds it cannot register their own passkey on it.
    const refused = await addOptions(person);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: CONSOLE_ACCESS_ERROR.recentSignInRequired, data: { status: 403 } });
    expect(await passkeyNames(person.personId)).toEqual(['Laptop']);
  });

  it('adds one within five minutes of the sign-in that started the session', async () => {
    const person = await enrol(app(), 'fresh@example.co.za', 'staff');
    clock += RECENT_SIGN_IN_MS - MINUTE;
    const options = (await addOptions(person)).json() as RegistrationCeremony;
    const phone = createSoftwareAuthenticator({ origin: SITE, rpId: 'localhost' });
    const added = await post(app(), api(CONSOLE_ACCESS_ROUTE.passkeyVerify), { ceremony: options.ceremony, response: phone.register(options.options), name: 'Phone' }, person.cookie);
    expect(added.statusCode, added.body).toBe(200);
    expect(await passkeyNames(person.personId)).toEqual(['Laptop', 'Phone']);
  });

  it('signs in again inside the session with one of the person’s own passkeys, then adds one; another person’s passkey does not count', async () => {
    const person = await enrol(app(), 'returning@example.co.za', 'owner');
    const other = await enrol(app(), 'colleague@example.co.za', 'owner');
    clock += 20 * MINUTE;
    expect((await addOptions(person)).json().code).toBe(CONSOLE_ACCESS_ERROR.recentSignInRequired);

    // The options name only the person's own passkeys.
    const mine = await signInAgain(person, other.authenticator);
    expect((mine.ceremony.options.allowCredentials ?? []).map((key) => key.id)).toEqual([person.authenticator.passkeys[0]!.credentialId]);
    // A colleague's passkey (on a shared computer, say) is refused and changes nothing.
    expect(mine.answer.statusCode).toBe(400);
    expect(mine.answer.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyUnknown);
    expect((await addOptions(person)).statusCode).toBe(403);

    const again = await signInAgain(person);
    expect(again.answer.statusCode, again.answer.body).toBe(200);
    expect(again.answer.json()).toEqual({ person: { id: person.personId, email: 'returning@example.co.za', role: 'owner' } });
    const row = await app().db.selectFrom('console_sessions').select(['signed_in_at', 'created_at']).where('person_id', '=', person.personId).where('ended_at', 'is', null).executeTakeFirstOrThrow();
    expect(row.signed_in_at).toBe(new Date(clock).toISOString());
    expect(Date.parse(row.created_at)).toBeLessThan(clock);
    const audit = await app().db.selectFrom('console_audit').select(['action', 'detail']).where('person_id', '=', person.personId).where('action', 'in', ['sign-in', 'sign-in-failed']).orderBy('id').execute();
    expect(audit.map((entry) => [entry.action, JSON.parse(entry.detail).again])).toEqual([
      ['sign-in-failed', true],
      ['sign-in', true],
    ]);

    const options = await addOptions(person);
    expect(options.statusCode, options.body).toBe(200);
    const ceremony = options.json() as RegistrationCeremony;
    const key = createSoftwareAuthenticator({ origin: SITE, rpId: 'localhost' });
    // The ceremony lives five minutes: an answer within them is taken.
    clock += CEREMONY_MS - MINUTE;
    const added = await post(app(), api(CONSOLE_ACCESS_ROUTE.passkeyVerify), { ceremony: ceremony.ceremony, response: key.register(ceremony.options), name: 'Security key' }, person.cookie);
    expect(added.statusCode, added.body).toBe(200);
    expect(await passkeyNames(person.personId)).toEqual(['Laptop', 'Security key']);
    // The colleague's session was not touched by any of it.
    expect(await passkeyNames(other.personId)).toEqual(['Laptop']);
  });

  it('refuses the answer to an add whose sign-in has grown older than the options and the ceremony together', async () => {
    const person = await enrol(app(), 'slow@example.co.za', 'staff');
    const options = (await addOptions(person)).json() as RegistrationCeremony;
    clock += RECENT_SIGN_IN_MS + CEREMONY_MS + MINUTE;
    const phone = createSoftwareAuthenticator({ origin: SITE, rpId: 'localhost' });
    const late = await post(app(), api(CONSOLE_ACCESS_ROUTE.passkeyVerify), { ceremony: options.ceremony, response: phone.register(options.options) }, person.cookie);
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe(CONSOLE_ACCESS_ERROR.recentSignInRequired);
    expect(await passkeyNames(person.personId)).toEqual(['Laptop']);
  });
});

describe(`migration 0029 on ${testDialect}`, () => {
  it('counts a session made before it from the session’s start', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const { db } = database;
      const schema = testDialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema === undefined ? {} : { migrationTableSchema: schema }) });
      expect((await migrator.migrateTo('0027-content-revision-uids')).error).toBeUndefined();
      await sql`insert into console_people (email, role, user_handle, created_at) values ('old@example.co.za', 'staff', 'h', '2026-11-26T07:00:00.000Z')`.execute(db);
      await sql`insert into console_sessions (id_hash, person_id, created_at, last_seen_at, expires_at) select 'old', id, '2026-11-26T07:00:00.000Z', '2026-11-26T07:50:00.000Z', '2026-11-26T19:00:00.000Z' from console_people`.execute(db);
      await runMigrations(db);
      expect(await db.selectFrom('console_sessions').select(['id_hash', 'signed_in_at']).execute()).toEqual([{ id_hash: 'old', signed_in_at: '2026-11-26T07:00:00.000Z' }]);
    } finally {
      await database.cleanup();
    }
  });
});
