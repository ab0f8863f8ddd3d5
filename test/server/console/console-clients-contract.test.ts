import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPage } from '../../../src/services/console-access/audit-api.client.ts';
import { invitePerson, listPeople, revokePerson } from '../../../src/services/console-access/people-api.client.ts';
import { createInboxClient } from '../../../src/services/inbox/inbox-api.client.ts';
import { mailHealth } from '../../../src/services/inbox/mail-health-api.client.ts';
import { ConsoleApiError, createConsoleApi, type ConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_ACCESS_ROUTE, PasskeysAnswerStruct, SessionAnswerStruct } from '../../../src/validation/console-access/console-access.protocol.ts';
import { OkAnswerStruct } from '../../../src/validation/console/console-api.ts';
import { addPerson, consoleHeaders, type TestPerson } from '../helpers/console-people.ts';
import { injectingFetch } from '../helpers/injecting-fetch.ts';
import { answerOf, postFeedback } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { validContactFields } from '../helpers/test-forms.ts';

/*
 * The console's browser clients (src/services/) against the real server, not against fakes:
 * each client's request and the server's answer meet in one test, so a route and its client can
 * never drift apart (the protocol modules in src/validation/ are one side's promise; this checks
 * both keep it). The browser's fetch is served by the app through `inject`.
 */

let test: TestApp;
let owner: TestPerson;
let api: ConsoleApi;

beforeAll(async () => {
  test = await createTestApp({ MAIL_TO: 'sales@example.co.za' });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  api = createConsoleApi({ baseUrl: new URL(test.app.config.siteUrl).origin, fetch: injectingFetch(test.app, owner) });
});
afterAll(() => test.cleanup());

describe(`the console's clients against the server on ${testDialect}`, () => {
  it('session and passkeys', async () => {
    const session = await api.get(CONSOLE_ACCESS_ROUTE.session, SessionAnswerStruct);
    expect(session.person).toEqual({ id: owner.id, email: 'owner@example.co.za', role: 'owner' });
    expect(session.timeZone).toBe('Africa/Johannesburg');
    expect((await api.get(CONSOLE_ACCESS_ROUTE.passkeys, PasskeysAnswerStruct)).passkeys).toEqual([]);
  });

  it('people: invite, list, revoke; the audit log records both', async () => {
    const invited = await invitePerson(api, { email: 'sipho@example.co.za', role: 'staff' });
    expect(invited.link).toMatch(/\/admin\/#\/enrol\/[A-Za-z0-9_-]+$/);
    const people = await listPeople(api);
    const sipho = people.find((person) => person.email === 'sipho@example.co.za');
    expect(sipho).toMatchObject({ role: 'staff', invitationPending: true, revokedAt: null });
    await revokePerson(api, sipho!.id);
    expect((await listPeople(api)).find((person) => person.id === sipho!.id)?.revokedAt).not.toBeNull();
    const audit = await auditPage(api, null);
    expect(audit.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['invitation', 'revocation']));
  });

  it('the inbox: list, message, every command, export, mail health', async () => {
    const answer = answerOf(await postFeedback(test.app, 5, { ...validContactFields(), 'your-name': 'Contract Test', 'your-message': 'Checking the clients against the routes.' }));
    expect(answer.status).toBe('mail_sent');
    const inbox = createInboxClient(api);
    const page = await inbox.list({ q: 'contract' });
    const counts = await inbox.counts();
    expect(counts.counts.inbox).toBeGreaterThanOrEqual(page.messages.length);
    expect(counts.newest).not.toBeNull();
    expect(page.messages).toHaveLength(1);
    const id = page.messages[0]!.id;
    const message = await inbox.message(id);
    expect(message.fields.map((field) => field.value)).toContain('Checking the clients against the routes.');
    expect((await inbox.command(id, 'read')).read).toBe(true);
    expect((await inbox.command(id, 'unread')).read).toBe(false);
    expect((await inbox.command(id, 'spam')).spam).toBe(true);
    expect((await inbox.command(id, 'release')).spam).toBe(false);
    // No SMTP_URL here: "Try again now" says nothing can be tried, and why.
    const retried = await inbox.retry(id);
    expect(retried.message.delivery.state).toBe('queued');
    expect(retried.retry).toEqual({ outcome: 'notConfigured', variable: 'SMTP_URL' });
    const csv = await test.app.inject({ url: new URL(inbox.exportUrl({ q: 'contract' })).pathname + new URL(inbox.exportUrl({ q: 'contract' })).search, headers: consoleHeaders(test.app, owner.cookie) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Contract Test');
    const health = await mailHealth(api);
    expect(health.mail).toMatchObject({ state: 'notConfigured', companyAddressSet: true });
    expect(health.mail.backlog.waiting).toBeGreaterThan(0);
    expect(health.backup.state).toBe('none');
    await inbox.remove(id);
    await expect(inbox.message(id)).rejects.toBeInstanceOf(ConsoleApiError);
  });

  it('sign-out answers what the client expects', async () => {
    const other = await addPerson(test.app, { email: 'leaving@example.co.za', role: 'staff' });
    const leaving = createConsoleApi({ baseUrl: new URL(test.app.config.siteUrl).origin, fetch: injectingFetch(test.app, other) });
    await leaving.post(CONSOLE_ACCESS_ROUTE.signOut, {}, OkAnswerStruct);
    await expect(leaving.get(CONSOLE_ACCESS_ROUTE.session, SessionAnswerStruct)).rejects.toMatchObject({ isSignedOut: true });
  });
});
