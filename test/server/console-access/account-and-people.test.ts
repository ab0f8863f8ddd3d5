import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { AuditAnswerStruct, CONSOLE_ACCESS_ERROR, CONSOLE_ACCESS_ROUTE, InviteAnswerStruct, PeopleAnswerStruct, PasskeysAnswerStruct, SessionAnswerStruct, type RegistrationCeremony } from '../../../src/validation/console-access/console-access.protocol.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { AUDIT_PAGE } from '../../../server/console-access/people.route.ts';
import { COMMAND_LINE_ACTOR, recordAudit } from '../../../server/console/console-audit.ts';
import { revokePerson } from '../../../server/console-access/console-people.ts';
import { addPerson, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { api, cookieOf, enrol, enrolment, get, post, signInOptions, SITE, SITE_ENV, tokenOf } from './console-access-fixture.ts';

// The signed-in routes of console access: the session, signing out, one's passkeys, people and the audit log.
describe(`console account and people routes on ${testDialect}`, () => {
  let test: TestApp;
  let owner: TestPerson;
  let staff: TestPerson;
  beforeAll(async () => {
    test = await createTestApp(SITE_ENV);
    owner = await addPerson(test.app, { email: 'first-owner@example.co.za', role: 'owner' });
    staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  });
  afterAll(() => test.cleanup());
  const app = () => test.app;

  it('refuses every way a console route must, on every signed-in route', async () => {
    const people = { owner, staff };
    for (const route of [
      { method: 'GET', url: api(CONSOLE_ACCESS_ROUTE.session), role: 'staff' },
      { method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.signOut), role: 'staff', body: {} },
      { method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.signOutEverywhere), role: 'staff', body: {} },
      { method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.signInAgainOptions), role: 'staff', body: {} },
      { method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.signInAgainVerify), role: 'staff', body: { ceremony: 'x', response: { id: 'x', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} } } },
      { method: 'GET', url: api(CONSOLE_ACCESS_ROUTE.passkeys), role: 'staff' },
      { method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.passkeyOptions), role: 'staff', body: {} },
      { method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.passkeyVerify), role: 'staff', body: { ceremony: 'x', response: {} } },
      { method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.passkeyRemove, { id: 1 }), role: 'staff', body: {} },
      { method: 'GET', url: api(CONSOLE_ACCESS_ROUTE.people), role: 'owner' },
      { method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.invite), role: 'owner', body: { email: 'new@example.co.za', role: 'staff' } },
      { method: 'POST', url: api(CONSOLE_ACCESS_ROUTE.revoke, { id: staff.id }), role: 'owner', body: {} },
      { method: 'GET', url: api(CONSOLE_ACCESS_ROUTE.audit), role: 'owner' },
    ] as const) {
      await expectConsoleRefusals(app(), route, people);
    }
  });

  it('answers the session, signs out here and everywhere (audited)', async () => {
    const person = await enrol(app(), 'leaver@example.co.za', 'staff');
    const session = await get(app(), api(CONSOLE_ACCESS_ROUTE.session), person.cookie);
    const body = session.json();
    assert(body, SessionAnswerStruct);
    expect(body).toMatchObject({ person: { email: 'leaver@example.co.za', role: 'staff' }, timeZone: 'Africa/Johannesburg', idleMinutes: 30 });

    const out = await post(app(), api(CONSOLE_ACCESS_ROUTE.signOut), {}, person.cookie);
    expect(out.json()).toEqual({ ok: true });
    expect(out.cookies.find((c) => c.name === 'console_session')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'console_signed_in')?.value).toBe('');
    expect((await get(app(), api(CONSOLE_ACCESS_ROUTE.session), person.cookie)).statusCode).toBe(401);

    const signIn = async () => {
      const options = await signInOptions(app());
      return cookieOf(await post(app(), api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: options.ceremony, response: person.authenticator.authenticate(options.options) }));
    };
    const phone = await signIn();
    const laptop = await signIn();
    expect((await post(app(), api(CONSOLE_ACCESS_ROUTE.signOutEverywhere), {}, laptop)).statusCode).toBe(200);
    expect((await get(app(), api(CONSOLE_ACCESS_ROUTE.session), phone)).statusCode).toBe(401);
    expect((await get(app(), api(CONSOLE_ACCESS_ROUTE.session), laptop)).statusCode).toBe(401);
    const actions = await app().db.selectFrom('console_audit').select('action').where('person_id', '=', person.personId).execute();
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['sign-out', 'sign-out-everywhere']));
  });

  it('lists, adds and removes one’s own passkeys, never the last', async () => {
    const person = await enrol(app(), 'keys@example.co.za', 'staff');
    const options = (await post(app(), api(CONSOLE_ACCESS_ROUTE.passkeyOptions), {}, person.cookie)).json() as RegistrationCeremony;
    const creation = options.options;
    expect((creation.excludeCredentials ?? []).map((key) => key.id)).toEqual([person.authenticator.passkeys[0]!.credentialId]);
    const added = await post(app(), api(CONSOLE_ACCESS_ROUTE.passkeyVerify), { ceremony: options.ceremony, response: person.authenticator.register(options.options) }, person.cookie);
    expect(added.statusCode, added.body).toBe(200);

    const list = (await get(app(), api(CONSOLE_ACCESS_ROUTE.passkeys), person.cookie)).json();
    assert(list, PasskeysAnswerStruct);
    expect(list.passkeys.map((key) => key.name)).toEqual(['Laptop', 'Passkey 2']);

    const others = await get(app(), api(CONSOLE_ACCESS_ROUTE.passkeys), staff.cookie);
    expect(others.json()).toEqual({ passkeys: [] });
    const notMine = await post(app(), api(CONSOLE_ACCESS_ROUTE.passkeyRemove, { id: list.passkeys[0]!.id }), {}, staff.cookie);
    expect(notMine.statusCode).toBe(404);

    expect((await post(app(), api(CONSOLE_ACCESS_ROUTE.passkeyRemove, { id: list.passkeys[0]!.id }), {}, person.cookie)).statusCode).toBe(200);
    const last = await post(app(), api(CONSOLE_ACCESS_ROUTE.passkeyRemove, { id: list.passkeys[1]!.id }), {}, person.cookie);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe(CONSOLE_ACCESS_ERROR.lastPasskey);
  });

  it('invites by address (clear 400 on a bad one), lists people with their failed sign-ins, revokes (ending sessions)', async () => {
    const badAddress = await post(app(), api(CONSOLE_ACCESS_ROUTE.invite), { email: 'not an address', role: 'staff' }, owner.cookie);
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'email' } });
    const badRole = await post(app(), api(CONSOLE_ACCESS_ROUTE.invite), { email: 'x@example.co.za', role: 'admin' }, owner.cookie);
    expect(badRole.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'role' } });

    const invited = await post(app(), api(CONSOLE_ACCESS_ROUTE.invite), { email: 'Thandi@Example.co.za', role: 'staff' }, owner.cookie);
    expect(invited.statusCode).toBe(200);
    const answer = invited.json();
    assert(answer, InviteAnswerStruct);
    expect(answer).toMatchObject({ person: { email: 'thandi@example.co.za', role: 'staff' }, mailed: false, recovery: false });
    const link = answer.link ?? '';
    expect(link).toMatch(new RegExp(`^${SITE}/admin/#/enrol/[A-Za-z0-9_-]{43}$`));
    expect((await enrolment.read(app(), tokenOf(link))).statusCode).toBe(200);

    // A second invitation of someone not yet enrolled (no passkey, so no recovery: the owner is
    // shown the new link) replaces the first link.
    const again = (await post(app(), api(CONSOLE_ACCESS_ROUTE.invite), { email: 'thandi@example.co.za', role: 'staff' }, owner.cookie)).json();
    expect(again).toMatchObject({ recovery: false, link: expect.stringContaining('#/enrol/') });
    expect((await enrolment.read(app(), tokenOf(link))).statusCode).toBe(410);
    expect((await enrolment.read(app(), tokenOf(again.link))).statusCode).toBe(200);
    const otherRole = await post(app(), api(CONSOLE_ACCESS_ROUTE.invite), { email: 'thandi@example.co.za', role: 'owner' }, owner.cookie);
    expect(otherRole.json().code).toBe(CONSOLE_ACCESS_ERROR.alreadyInvited);

    await recordAudit(app().db, { personId: staff.id, actor: staff.email, ipHash: null }, { action: 'sign-in-failed', subject: staff.email, now: app().clock() });
    const people = (await get(app(), api(CONSOLE_ACCESS_ROUTE.people), owner.cookie)).json();
    assert(people, PeopleAnswerStruct);
    expect(people.people.find((row) => row.email === 'thandi@example.co.za')).toMatchObject({ invitationPending: true, passkeys: 0, lastSignInAt: null });
    expect(people.people.find((row) => row.email === staff.email)).toMatchObject({ failedSignIns: 1, lastFailedAt: expect.any(String) });

    const revoked = await post(app(), api(CONSOLE_ACCESS_ROUTE.revoke, { id: staff.id }), {}, owner.cookie);
    expect(revoked.statusCode).toBe(200);
    expect((await get(app(), api(CONSOLE_ACCESS_ROUTE.session), staff.cookie)).statusCode).toBe(401);
    const self = await post(app(), api(CONSOLE_ACCESS_ROUTE.revoke, { id: owner.id }), {}, owner.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe(CONSOLE_ACCESS_ERROR.selfRevoke);
    const audit = await app().db.selectFrom('console_audit').select(['action', 'subject']).where('action', 'in', ['invitation', 'revocation']).execute();
    expect(audit).toEqual(expect.arrayContaining([{ action: 'invitation', subject: 'thandi@example.co.za' }, { action: 'revocation', subject: staff.email }]));
    staff = await addPerson(app(), { email: 'staff-2@example.co.za', role: 'staff' });
  });

  it('never revokes the last owner (only the command line could try: an owner in the console is another owner)', async () => {
    const only = await createTestApp(SITE_ENV);
    try {
      const person = await addPerson(only.app, { email: 'only-owner@example.co.za', role: 'owner' });
      await expect(revokePerson(only.app.db, { email: 'Only-Owner@example.co.za' }, { by: COMMAND_LINE_ACTOR, now: only.app.clock(), mail: false })).rejects.toMatchObject({ statusCode: 409, code: CONSOLE_ACCESS_ERROR.lastOwner });
      const second = await addPerson(only.app, { email: 'second-owner@example.co.za', role: 'owner' });
      expect((await post(only.app, api(CONSOLE_ACCESS_ROUTE.revoke, { id: person.id }), {}, second.cookie)).statusCode).toBe(200);
      await expect(revokePerson(only.app.db, { id: second.id }, { by: COMMAND_LINE_ACTOR, now: only.app.clock(), mail: false })).rejects.toMatchObject({ code: CONSOLE_ACCESS_ERROR.lastOwner });
    } finally {
      await only.cleanup();
    }
  });

  it('pages the audit log newest first, 50 at a time', async () => {
    const reader = await addPerson(app(), { email: 'reader@example.co.za', role: 'owner' });
    for (let entry = 0; entry < AUDIT_PAGE + 5; entry++) await recordAudit(app().db, { personId: null, actor: 'command line', ipHash: null }, { action: 'invitation', subject: `n${entry}@example.co.za`, now: app().clock() });
    const first = (await get(app(), api(CONSOLE_ACCESS_ROUTE.audit), reader.cookie)).json();
    assert(first, AuditAnswerStruct);
    expect(first.entries).toHaveLength(AUDIT_PAGE);
    expect(first.entries[0]!.subject).toBe(`n${AUDIT_PAGE + 4}@example.co.za`);
    expect(first.entries.map((e) => e.id)).toEqual([...first.entries.map((e) => e.id)].sort((a, b) => b - a));
    const second = (await get(app(), `${api(CONSOLE_ACCESS_ROUTE.audit)}?before=${first.next}`, reader.cookie)).json();
    expect(second.entries[0].id).toBeLessThan(first.next!);
    const bad = await get(app(), `${api(CONSOLE_ACCESS_ROUTE.audit)}?before=abc`, reader.cookie);
    expect(bad.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'before' } });
  });
});
