// The people, audit and mail-health clients and signing in again: the routes and bodies of the protocol modules,
// answers checked against their structs, refusals as ConsoleApiError; and the invitation's
// address rule, which the console's form and the server share.
import { describe, expect, it, vi } from 'vitest';
import { auditPage } from '../../../src/services/console-access/audit-api.client.ts';
import { enrolWithToken, readInvitation } from '../../../src/services/console-access/enrolment-api.client.ts';
import { passkeyErrorOf, PASSKEY_FAILURE_TEXT, signInAgainWithPasskey } from '../../../src/services/console-access/passkey-ceremonies.service.ts';
import { invitePerson, listPeople, revokePerson } from '../../../src/services/console-access/people-api.client.ts';
import { mailHealth } from '../../../src/services/inbox/mail-health-api.client.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_ACCESS_ERROR, InviteBodyStruct, isConsoleEmail } from '../../../src/validation/console-access/console-access.protocol.ts';
import { is } from 'superstruct';

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

// The authenticator: a registration answer as @simplewebauthn/browser would hand it back.
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} }),
  startAuthentication: async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} }),
  WebAuthnAbortService: { cancelCeremony: () => undefined },
}));

function fakeServer(answer: unknown, status = 200) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    seen.push({ method: request.method, url: request.url, body: text === '' ? null : JSON.parse(text) });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  };
  return { seen, api: createConsoleApi({ fetch: fetch as typeof globalThis.fetch, baseUrl: 'https://example.com' }) };
}

const ROW = { id: 2, email: 'staff@example.com', role: 'staff', createdAt: '2026-11-01T08:00:00.000Z', revokedAt: null, passkeys: 1, invitationPending: false, lastSignInAt: null, failedSignIns: 0, lastFailedAt: null };

describe('console clients', () => {
  it('lists people from GET /admin/api/people', async () => {
    const { api, seen } = fakeServer({ people: [ROW] });
    await expect(listPeople(api)).resolves.toEqual([ROW]);
    expect(seen).toEqual([{ method: 'GET', url: 'https://example.com/admin/api/people', body: null }]);
  });

  it('invites with POST /admin/api/people/invitations and answers the link, or none for a recovery mailed to the person', async () => {
    const answer = { person: { id: 3, email: 'new@example.com', role: 'owner' }, link: 'https://example.com/admin/#/enrol/t', expiresAt: '2026-11-27T08:00:00.000Z', mailed: true, recovery: false };
    const { api, seen } = fakeServer(answer);
    await expect(invitePerson(api, { email: 'new@example.com', role: 'owner' })).resolves.toEqual(answer);
    expect(seen).toEqual([{ method: 'POST', url: 'https://example.com/admin/api/people/invitations', body: { email: 'new@example.com', role: 'owner' } }]);
    const recovery = { ...answer, link: null, recovery: true };
    await expect(invitePerson(fakeServer(recovery).api, { email: 'new@example.com', role: 'owner' })).resolves.toEqual(recovery);
  });

  it('signs in again inside the session with POST /admin/api/session/sign-in-again/options and …/verify', async () => {
    const options = { challenge: 'c', rpId: 'example.com', allowCredentials: [{ id: 'cred', type: 'public-key' }] };
    const answers = [{ ceremony: 'handle', options }, { person: { id: 1, email: 'owner@example.com', role: 'owner' } }];
    const seen: Seen[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      seen.push({ method: request.method, url: request.url, body: JSON.parse(await request.text()) });
      return new Response(JSON.stringify(answers[seen.length - 1]), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const api = createConsoleApi({ fetch: fetch as typeof globalThis.fetch, baseUrl: 'https://example.com' });
    await expect(signInAgainWithPasskey(api)).resolves.toEqual(answers[1]);
    expect(seen).toEqual([
      { method: 'POST', url: 'https://example.com/admin/api/session/sign-in-again/options', body: {} },
      { method: 'POST', url: 'https://example.com/admin/api/session/sign-in-again/verify', body: { ceremony: 'handle', response: expect.objectContaining({ id: 'cred' }) } },
    ]);
    // The server's refusal to add a passkey without it reads as the page's own failure.
    const refused = new ConsoleApiError(CONSOLE_ACCESS_ERROR.recentSignInRequired, 'sign in again', 403);
    expect(passkeyErrorOf(refused)).toMatchObject({ failure: 'signInAgain', message: PASSKEY_FAILURE_TEXT.signInAgain });
  });

  it('revokes with POST /admin/api/people/<id>/revoke and an empty JSON body; a refusal keeps its code', async () => {
    const { api, seen } = fakeServer({ ok: true });
    await revokePerson(api, 7);
    expect(seen).toEqual([{ method: 'POST', url: 'https://example.com/admin/api/people/7/revoke', body: {} }]);
    const refused = fakeServer({ code: CONSOLE_ACCESS_ERROR.lastOwner, message: 'last owner', data: { status: 409 } }, 409);
    await expect(revokePerson(refused.api, 1)).rejects.toEqual(expect.objectContaining({ code: CONSOLE_ACCESS_ERROR.lastOwner, status: 409 }));
    await expect(revokePerson(refused.api, 1)).rejects.toBeInstanceOf(ConsoleApiError);
    // An ended session is told apart, so the console goes back to sign-in.
    const ended = fakeServer({ code: 'console_session_expired', message: 'ended', data: { status: 401 } }, 401);
    await expect(listPeople(ended.api)).rejects.toEqual(expect.objectContaining({ isSignedOut: true }));
    // A proxy's error page is not the protocol's.
    await expect(listPeople(fakeServer('Bad gateway', 502).api)).rejects.toEqual(expect.objectContaining({ code: 'invalid_answer', status: 502 }));
  });

  it('sends an enrolment token in the JSON body of each request, never in a path (README "How an owner starts")', async () => {
    const token = 'tok_AbC-123_xyz';
    const read = fakeServer({ email: 'new@example.com', role: 'staff', expiresAt: '2026-11-27T08:00:00.000Z' });
    await expect(readInvitation(read.api, token)).resolves.toMatchObject({ email: 'new@example.com' });
    const options = { challenge: 'c', rp: { name: 'Site', id: 'example.com' }, user: { id: 'u', name: 'new@example.com', displayName: '' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] };
    const enrol = fakeServer({ ceremony: 'handle', options });
    await enrolWithToken(enrol.api, { token, name: ' Phone ' });
    const seen = [...read.seen, ...enrol.seen];
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST https://example.com/admin/api/enrolment',
      'POST https://example.com/admin/api/enrolment/options',
      'POST https://example.com/admin/api/enrolment/verify',
    ]);
    expect(seen.map((request) => request.body)).toEqual([{ token }, { token }, { token, ceremony: 'handle', response: expect.objectContaining({ id: 'cred' }), name: 'Phone' }]);
    for (const request of seen) expect(request.url).not.toContain(token);
  });

  it('reads the audit log newest first, the next page by ?before=', async () => {
    const { api, seen } = fakeServer({ entries: [], next: null });
    await auditPage(api, null);
    await auditPage(api, 41);
    expect(seen.map((request) => request.url)).toEqual(['https://example.com/admin/api/audit', 'https://example.com/admin/api/audit?before=41']);
  });

  it("reads mail, backup, disk and the site's health from GET /admin/api/mail-health and refuses an answer of another shape", async () => {
    const offsite = { state: 'off', archive: null, lastCopiedAt: null, attempts: 0, nextAttemptAt: null, reason: null, code: null };
    const backup = { state: 'failed', lastSuccessAt: null, lastSuccessArchive: null, lastFailureAt: '2026-11-26T00:00:02.000Z', lastFailureReason: 'ENOSPC: no space left on device, write', lastFailureCode: 'diskFull', offsite };
    const disk = { state: 'low', database: null, uploads: { freeBytes: 500 * 1024 ** 2, minFreeBytes: 1024 ** 3, low: true, unreadable: null } };
    const site = { state: 'build', servedRevision: 0, failedRevision: 4, reason: 'hero.heading: expected a string', attempts: 2, failedAt: '2026-11-26T00:00:02.000Z', nextAttemptAt: null };
    const mail = { state: 'failing', reason: 'login', smtpAnswer: 'Invalid login: 535 no', failingSince: null, lastDeliveredAt: null, backlog: { waiting: 1, oldestWaitingSince: '2026-11-26T00:00:02.000Z', held: 0 } };
    const health = { mail, backup, disk, site };
    await expect(mailHealth(fakeServer(health).api)).resolves.toEqual(health);
    await expect(mailHealth(fakeServer({ ...health, mail: { state: 'fine' } }).api)).rejects.toEqual(expect.objectContaining({ code: 'invalid_answer' }));
    // The old answer (ok or degraded, no cause) is not mail health's.
    await expect(mailHealth(fakeServer({ ...health, mail: { state: 'ok', waiting: 0, oldestWaitingSince: null, lastError: null, lastAttemptAt: null, lastAttemptFailed: false } }).api)).rejects.toEqual(
      expect.objectContaining({ code: 'invalid_answer' }),
    );
    // A failing state without the server's answer is not one either.
    const { smtpAnswer: _answer, ...noAnswer } = mail;
    await expect(mailHealth(fakeServer({ ...health, mail: noAnswer }).api)).rejects.toEqual(expect.objectContaining({ code: 'invalid_answer' }));
    // Mail's answer without the backups' part is not the banner's.
    const { backup: _left, ...mailOnly } = health;
    await expect(mailHealth(fakeServer(mailOnly).api)).rejects.toEqual(expect.objectContaining({ code: 'invalid_answer' }));
    // Nor without the disks'.
    const { disk: _disk, ...withoutDisk } = health;
    await expect(mailHealth(fakeServer(withoutDisk).api)).rejects.toEqual(expect.objectContaining({ code: 'invalid_answer' }));
    // Nor without the site's.
    const { site: _site, ...withoutSite } = health;
    await expect(mailHealth(fakeServer(withoutSite).api)).rejects.toEqual(expect.objectContaining({ code: 'invalid_answer' }));
  });
});

describe('the invitation address rule', () => {
  it.each(['name@example.com', 'first.last+tag@mail.example.co.za'])('takes %s', (address) => {
    expect(isConsoleEmail(address)).toBe(true);
    expect(is({ email: address, role: 'staff' }, InviteBodyStruct)).toBe(true);
  });

  it.each(['', 'name', 'name@example', 'a@b@example.com', ' name@example.com', 'name@exa_mple.com', `${'a'.repeat(250)}@example.com`])('refuses %j', (address) => {
    expect(isConsoleEmail(address)).toBe(false);
    expect(is({ email: address, role: 'staff' }, InviteBodyStruct)).toBe(false);
  });
});
