import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ACCESS_ERROR, CONSOLE_ACCESS_ROUTE, type RegistrationCeremony } from '../../../src/validation/console-access/console-access.protocol.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { INVITATION_VALID_MS, revokePerson } from '../../../server/console-access/console-people.ts';
import { CEREMONY_MS } from '../../../server/console-access/ceremonies.ts';
import { COMMAND_LINE_ACTOR } from '../../../server/console/console-audit.ts';
import { createSoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { api, cookieOf, enrol, enrolment, get, invite, post, signInOptions, SITE, SITE_ENV } from './console-access-fixture.ts';

// The passkey ceremonies (server/console-access/): enrolment and sign-in, and the attacks they refuse.
describe(`passkey ceremonies on ${testDialect}`, () => {
  let clock = Date.parse('2026-11-26T08:00:00.000Z');
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(SITE_ENV, { now: () => clock });
  });
  afterAll(() => test.cleanup());
  const app = () => test.app;
  const auditOf = async (action: string) => app().db.selectFrom('console_audit').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

  it('enrols: the link says who it is for, registers a discoverable passkey, spends the link and signs in', async () => {
    const token = await invite(app(), 'Owner@Example.co.za ');
    const about = await enrolment.read(app(), token);
    expect(about.statusCode).toBe(200);
    expect(about.json()).toEqual({ email: 'owner@example.co.za', role: 'owner', expiresAt: new Date(clock + INVITATION_VALID_MS).toISOString() });

    const options = (await enrolment.options(app(), token)).json() as RegistrationCeremony;
    const creation = options.options;
    expect(creation.rp).toEqual({ id: 'localhost', name: 'Lumina Display Engineering' });
    expect(creation.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const person = await app().db.selectFrom('console_people').selectAll().where('email', '=', 'owner@example.co.za').executeTakeFirstOrThrow();
    expect(creation.user).toMatchObject({ id: person.user_handle, name: 'owner@example.co.za' });
    const stored = await app().db.selectFrom('console_challenges').selectAll().execute();
    expect(stored.map((row) => row.challenge)).toContain(options.options.challenge);
    expect(stored.map((row) => row.id_hash)).not.toContain(options.ceremony);

    const authenticator = createSoftwareAuthenticator({ origin: SITE, rpId: 'localhost' });
    const verify = await enrolment.verify(app(), token, { ceremony: options.ceremony, response: authenticator.register(creation as never), name: 'Work laptop' });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({ person: { id: person.id, email: 'owner@example.co.za', role: 'owner' } });
    const set = verify.cookies.find((c) => c.name === 'console_session')!;
    // Path=/: the public pages' click counts need it (README.md, "Click counts").
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // No cookie a page's scripts could read says who runs the site (issue 40, part 7): the old
    // presence cookie is cleared, and the tab's sessionStorage mark tells the pages instead.
    expect(verify.cookies.filter((c) => c.value !== '' && c.httpOnly !== true)).toEqual([]);
    expect(verify.cookies.find((c) => c.name === 'console_signed_in')).toMatchObject({ value: '', path: '/' });

    const session = await get(app(), api(CONSOLE_ACCESS_ROUTE.session), cookieOf(verify));
    expect(session.json()).toMatchObject({ person: { email: 'owner@example.co.za' }, timeZone: 'Africa/Johannesburg', idleMinutes: 30 });
    const key = await app().db.selectFrom('console_passkeys').selectAll().where('person_id', '=', person.id).executeTakeFirstOrThrow();
    expect(key).toMatchObject({ name: 'Work laptop', transports: '["internal"]', credential_id: authenticator.passkeys[0]!.credentialId });
    expect((await auditOf('passkey-added'))[0]).toMatchObject({ person_id: person.id, subject: 'owner@example.co.za' });

    // Used: 410, also to the options and a second answer.
    const again = await enrolment.read(app(), token);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe(CONSOLE_ACCESS_ERROR.invitationExpired);
    expect((await enrolment.options(app(), token)).statusCode).toBe(410);
  });

  it('refuses an enrolment link it never made (404) and one older than 24 hours (410)', async () => {
    const unknown = await enrolment.read(app(), 'x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(CONSOLE_ACCESS_ERROR.invitationUnknown);
    const token = await invite(app(), 'late@example.co.za', 'staff');
    clock += INVITATION_VALID_MS;
    const late = await enrolment.read(app(), token);
    expect(late.statusCode).toBe(410);
  });

  it('signs in with the passkey (discoverable: no credentials named), counts it and audits it', async () => {
    const person = await enrol(app(), 'signer@example.co.za', 'staff');
    const options = await signInOptions(app());
    expect(options.options).not.toHaveProperty('allowCredentials');
    expect(options.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const response = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().person).toMatchObject({ email: 'signer@example.co.za', role: 'staff' });
    expect((await get(app(), api(CONSOLE_ACCESS_ROUTE.session), cookieOf(response))).statusCode).toBe(200);
    const key = await app().db.selectFrom('console_passkeys').selectAll().where('person_id', '=', person.personId).executeTakeFirstOrThrow();
    expect(Number(key.counter)).toBe(1);
    expect(key.last_used_at).toBe(new Date(clock).toISOString());
    expect((await auditOf('sign-in'))[0]).toMatchObject({ person_id: person.personId, actor: 'signer@example.co.za' });
  });

  it('refuses a replayed assertion: the challenge was spent by the first answer', async () => {
    const person = await enrol(app(), 'replay@example.co.za', 'staff');
    const options = await signInOptions(app());
    const answer = { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never) };
    expect((await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), answer)).statusCode).toBe(200);
    const replay = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe(CONSOLE_ACCESS_ERROR.ceremonyExpired);
    expect((await auditOf('sign-in-failed'))[0]).toMatchObject({ person_id: person.personId });
  });

  it('spends a challenge on a wrong answer too, and refuses an expired one', async () => {
    const person = await enrol(app(), 'wrong@example.co.za', 'staff');
    const options = await signInOptions(app());
    const wrong = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never, undefined, { origin: 'https://attacker.example' }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyRejected);
    const retry = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never) });
    expect(retry.json().code).toBe(CONSOLE_ACCESS_ERROR.ceremonyExpired);

    const old = await signInOptions(app());
    clock += CEREMONY_MS;
    const late = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: old.ceremony, response: person.authenticator.authenticate(old.options as never) });
    expect(late.json().code).toBe(CONSOLE_ACCESS_ERROR.ceremonyExpired);
  });

  it('refuses a challenge made for another purpose (an enrolment’s for a sign-in)', async () => {
    const person = await enrol(app(), 'purpose@example.co.za', 'staff');
    const token = await invite(app(), 'purpose@example.co.za', 'staff');
    const enrolling = (await enrolment.options(app(), token)).json() as RegistrationCeremony;
    const response = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), {
      ceremony: enrolling.ceremony,
      response: person.authenticator.authenticate({ challenge: enrolling.options.challenge, rpId: 'localhost' } as never),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(CONSOLE_ACCESS_ERROR.ceremonyExpired);
  });

  it('refuses an assertion signed for another rpID, and a registration from another origin', async () => {
    const person = await enrol(app(), 'rpid@example.co.za', 'staff');
    const options = await signInOptions(app());
    const response = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never, undefined, { rpId: 'attacker.example' }) });
    expect(response.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyRejected);

    const token = await invite(app(), 'origin@example.co.za', 'staff');
    const enrolling = (await enrolment.options(app(), token)).json() as RegistrationCeremony;
    const other = createSoftwareAuthenticator({ origin: 'https://attacker.example', rpId: 'localhost' });
    const registered = await enrolment.verify(app(), token, { ceremony: enrolling.ceremony, response: other.register(enrolling.options as never) });
    expect(registered.statusCode).toBe(400);
    expect(registered.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyRejected);
    // The link is still good: a failed registration does not spend it.
    expect((await enrolment.read(app(), token)).statusCode).toBe(200);
  });

  it('refuses a passkey that did not verify the person (UV flag off), at sign-in and at enrolment, and asks for verification', async () => {
    // The attack: a security key that only checks presence (a touch), taken from someone's desk,
    // signs in without its PIN or fingerprint.
    const person = await enrol(app(), 'touch-only@example.co.za', 'staff');
    const options = await signInOptions(app());
    const touched = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never, undefined, { userVerified: false }) });
    expect(touched.statusCode).toBe(400);
    expect(touched.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyRejected);
    expect(touched.cookies.find((c) => c.name === 'console_session')).toBeUndefined();
    expect(options.options).toMatchObject({ userVerification: 'required' });

    const token = await invite(app(), 'touch-enrol@example.co.za', 'staff');
    const enrolling = (await enrolment.options(app(), token)).json() as RegistrationCeremony;
    const key = createSoftwareAuthenticator({ origin: SITE, rpId: 'localhost' });
    const registered = await enrolment.verify(app(), token, { ceremony: enrolling.ceremony, response: key.register(enrolling.options as never, { userVerified: false }) });
    expect(registered.statusCode).toBe(400);
    expect(registered.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyRejected);
    expect(await app().db.selectFrom('console_passkeys').select('id').where('credential_id', '=', key.passkeys[0]!.credentialId).execute()).toEqual([]);
    expect(enrolling.options.authenticatorSelection).toMatchObject({ userVerification: 'required' });
  });

  it('refuses a counter that goes backwards', async () => {
    const person = await enrol(app(), 'counter@example.co.za', 'staff');
    const first = await signInOptions(app());
    expect((await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: first.ceremony, response: person.authenticator.authenticate(first.options as never, undefined, { counter: 7 }) })).statusCode).toBe(200);
    const second = await signInOptions(app());
    const cloned = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: second.ceremony, response: person.authenticator.authenticate(second.options as never, undefined, { counter: 3 }) });
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyRejected);
  });

  it('refuses a revoked person’s passkey, and audits an unknown passkey without a person', async () => {
    const person = await enrol(app(), 'gone@example.co.za', 'staff');
    await app().db.updateTable('console_people').set({ revoked_at: new Date(clock).toISOString() }).where('id', '=', person.personId).execute();
    const options = await signInOptions(app());
    const revoked = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never) });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyUnknown);

    const stranger = createSoftwareAuthenticator({ origin: SITE, rpId: 'localhost' });
    stranger.register({ challenge: 'AAAA', rp: { id: 'localhost', name: 'x' }, user: { id: 'AAAA', name: 'x', displayName: 'x' }, pubKeyCredParams: [] });
    const unknownOptions = await signInOptions(app());
    const unknown = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: unknownOptions.ceremony, response: stranger.authenticate(unknownOptions.options as never) });
    expect(unknown.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyUnknown);
    expect((await auditOf('sign-in-failed'))[0]).toMatchObject({ person_id: null, subject: stranger.passkeys[0]!.credentialId });
  });

  it('refuses the passkey a revoked person held after an invitation revives them: only the new link grants access', async () => {
    // The attack: a person is revoked (say their laptop was stolen), then invited again; the
    // stolen laptop's passkey must not sign in while the new link waits to be used.
    const person = await enrol(app(), 'revived@example.co.za', 'staff');
    await revokePerson(app().db, { id: person.personId }, { by: COMMAND_LINE_ACTOR, now: clock, mail: false });
    await invite(app(), 'revived@example.co.za', 'staff');
    const options = await signInOptions(app());
    const stolen = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never) });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyUnknown);
  });

  it('refuses a person after 10 failed sign-ins in 15 minutes, even with the right passkey, and audits it', async () => {
    const person = await enrol(app(), 'limited@example.co.za', 'staff');
    for (let attempt = 0; attempt < 10; attempt++) {
      const options = await signInOptions(app());
      const failed = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never, undefined, { rpId: 'attacker.example' }) });
      expect(failed.statusCode).toBe(400);
    }
    const options = await signInOptions(app());
    const right = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options as never) });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe(CONSOLE_REFUSAL.rateLimited);
    expect((await auditOf('sign-in-failed'))[0]).toMatchObject({ person_id: person.personId, detail: JSON.stringify({ reason: 'rate limited' }) });
    clock += 15 * 60 * 1000 + 1;
    const later = await signInOptions(app());
    expect((await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: later.ceremony, response: person.authenticator.authenticate(later.options as never) })).statusCode).toBe(200);
  });

  it('checks origin and JSON on the ceremonies before sign-in', async () => {
    const foreign = await app().inject({ method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.signInOptions), headers: { origin: 'https://attacker.example', 'content-type': 'application/json' }, payload: '{}' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe(CONSOLE_REFUSAL.crossOrigin);
    const form = await app().inject({ method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.signInOptions), headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expect(form.statusCode).toBe(415);
    const bad = await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'response' } });
  });
});

describe(`the ceremonies' per-address limit on ${testDialect}`, () => {
  it('answers 429 console_rate_limited after CONSOLE_SIGN_IN_RATE_LIMIT attempts from one address', async () => {
    const test = await createTestApp({ ...SITE_ENV, CONSOLE_SIGN_IN_RATE_LIMIT: '3/10m' });
    try {
      for (let attempt = 0; attempt < 3; attempt++) expect((await post(test.app, api(CONSOLE_ACCESS_ROUTE.signInOptions), {})).statusCode).toBe(200);
      const limited = await post(test.app, api(CONSOLE_ACCESS_ROUTE.signInOptions), {});
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe(CONSOLE_REFUSAL.rateLimited);
      expect((await enrolment.read(test.app, 'x'.repeat(43))).statusCode).toBe(429);
    } finally {
      await test.cleanup();
    }
  });
});
