import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ACCESS_ERROR, CONSOLE_ACCESS_ROUTE, type RegistrationCeremony } from '../../../src/validation/console-access/console-access.protocol.ts';
import { COMMAND_LINE_ACTOR } from '../../../server/console/console-audit.ts';
import { invitePerson } from '../../../server/console-access/console-people.ts';
import type { OutboxWorker } from '../../../server/mail/outbox-worker.ts';
import { startMailDelivery } from '../../../server/mail/start-mail-delivery.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createSoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { api, enrol, enrolment, post, signInOptions, SITE, SITE_ENV, tokenOf } from './console-access-fixture.ts';

/*
 * An invitation of someone who already has access (README.md, "How an owner starts"): the
 * recovery link goes to that person's own mailbox, never to the owner who asked, so no owner can
 * add a passkey to another person's account and act under their name. The explicit way is to
 * revoke them first (their passkeys stop signing in, and they are told by mail), then invite
 * them again. Mail is delivered by the outbox worker to a real SMTP server on loopback.
 */

/** The text part as the reader sees it: quoted-printable soft breaks and escapes undone, read as UTF-8. */
function textOf(mail: ReceivedMail): string {
  const bytes = mail.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function linkIn(text: string): string {
  const link = /https?:\/\/\S+#\/enrol\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (link === undefined) throw new Error(`no enrolment link in:\n${text}`);
  return link;
}

const subjectOf = (mail: ReceivedMail) => mail.headers.get('subject')?.[0] ?? '';

describe(`inviting someone who has access, with mail, on ${testDialect}`, () => {
  let smtp: SmtpSink;
  let test: TestApp;
  let worker: OutboxWorker | null;
  let owner: TestPerson;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    test = await createTestApp({ ...SITE_ENV, SMTP_URL: smtp.url, MAIL_FROM: 'website@example.co.za' });
    await test.app.ready();
    worker = startMailDelivery(test.app, { pollMs: 20 });
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  });
  afterAll(async () => {
    await worker?.stop();
    await test.cleanup();
    await smtp.close();
  });
  const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  const nthMailTo = (address: string, count: number) => waitFor(`mail ${String(count)} to ${address}`, () => mailTo(address).at(count - 1));

  it('answers the owner no link: the recovery link is mailed to the person alone, who is told who asked (the attack: the owner enrolled their own passkey into the account)', async () => {
    const thandi = await enrol(test.app, 'thandi@example.co.za', 'staff');
    const invited = await post(test.app, api(CONSOLE_ACCESS_ROUTE.invite), { email: 'thandi@example.co.za', role: 'staff' }, owner.cookie);
    expect(invited.statusCode, invited.body).toBe(200);
    // On the old code this answer carried the link, and an owner's passkey registered through it
    // became a passkey of Thandi's account: whatever the owner did then, the audit log named her.
    expect(invited.json()).toMatchObject({ person: { id: thandi.personId, email: 'thandi@example.co.za', role: 'staff' }, link: null, mailed: true, recovery: true });

    const mail = await nthMailTo('thandi@example.co.za', 1);
    const text = textOf(mail);
    const token = tokenOf(linkIn(text));
    expect(invited.body).not.toContain(token);
    expect(subjectOf(mail)).toMatch(/recovery link/i);
    expect(text).toContain('owner@example.co.za asked for a recovery link');
    expect(text).toContain('still have your passkey');
    // Nobody else was mailed it.
    expect(smtp.received.filter((received) => textOf(received).includes(token)).map((received) => received.to)).toEqual([['thandi@example.co.za']]);

    // Thandi's own recovery works: a new passkey on her account, her old one still hers.
    const options = (await enrolment.options(test.app, token)).json() as RegistrationCeremony;
    const phone = createSoftwareAuthenticator({ origin: SITE, rpId: 'localhost' });
    const recovered = await enrolment.verify(test.app, token, { ceremony: options.ceremony, response: phone.register(options.options), name: 'New phone' });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json().person.id).toBe(thandi.personId);
    const keys = await test.app.db.selectFrom('console_passkeys').select('name').where('person_id', '=', thandi.personId).orderBy('id').execute();
    expect(keys.map((key) => key.name)).toEqual(['Laptop', 'New phone']);

    const audit = await test.app.db.selectFrom('console_audit').select(['actor', 'detail']).where('action', '=', 'invitation').where('subject', '=', 'thandi@example.co.za').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.actor).toBe('owner@example.co.za');
    expect(JSON.parse(audit.detail)).toMatchObject({ recovery: true, mailed: true });
  });

  it('the explicit way: revoking tells the person by mail and ends their passkeys; inviting them again then answers the owner a link', async () => {
    const sipho = await enrol(test.app, 'sipho@example.co.za', 'staff');
    expect((await post(test.app, api(CONSOLE_ACCESS_ROUTE.revoke, { id: sipho.personId }), {}, owner.cookie)).statusCode).toBe(200);
    const revoked = await nthMailTo('sipho@example.co.za', 1);
    expect(subjectOf(revoked)).toMatch(/revoked/i);
    expect(textOf(revoked)).toContain('owner@example.co.za revoked your access');

    const invited = await post(test.app, api(CONSOLE_ACCESS_ROUTE.invite), { email: 'sipho@example.co.za', role: 'staff' }, owner.cookie);
    expect(invited.json()).toMatchObject({ link: expect.stringContaining('#/enrol/'), mailed: true, recovery: false });
    const invitation = textOf(await nthMailTo('sipho@example.co.za', 2));
    expect(invitation).toContain(invited.json().link);
    expect(invitation).toContain('passkeys you had before no longer sign in');
    // The passkey held before the revocation no longer signs in.
    const sign = await signInOptions(test.app);
    const stale = await post(test.app, api(CONSOLE_ACCESS_ROUTE.signInVerify), { ceremony: sign.ceremony, response: sipho.authenticator.authenticate(sign.options) });
    expect(stale.json().code).toBe(CONSOLE_ACCESS_ERROR.passkeyUnknown);
  });

  it('the command line (whose operator holds the database) is shown a recovery link, and the person is mailed it too', async () => {
    const naledi = await enrol(test.app, 'naledi@example.co.za', 'staff');
    const invitation = await invitePerson(test.app.db, { email: 'naledi@example.co.za', role: 'staff', by: COMMAND_LINE_ACTOR, now: test.app.clock(), siteUrl: SITE, mail: true, revealRecovery: true });
    expect(invitation).toMatchObject({ person: { id: naledi.personId }, recovery: true, mailed: true, link: expect.stringContaining('#/enrol/') });
    test.app.outbox.queued();
    const text = textOf(await nthMailTo('naledi@example.co.za', 1));
    expect(linkIn(text)).toBe(invitation.link);
    expect(text).toContain('the website’s server administrator (the command line) asked for a recovery link');
  });
});

describe(`inviting someone who has access, without mail, on ${testDialect}`, () => {
  it('refuses (revoke first): no link for the owner, no new invitation, the person’s pending link untouched', async () => {
    const test = await createTestApp(SITE_ENV);
    try {
      const owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
      const lindiwe = await enrol(test.app, 'lindiwe@example.co.za', 'staff');
      const before = await test.app.db.selectFrom('console_invitations').selectAll().where('person_id', '=', lindiwe.personId).orderBy('id').execute();
      const invited = await post(test.app, api(CONSOLE_ACCESS_ROUTE.invite), { email: 'lindiwe@example.co.za', role: 'staff' }, owner.cookie);
      expect(invited.statusCode).toBe(409);
      expect(invited.json()).toMatchObject({ code: CONSOLE_ACCESS_ERROR.recoveryNeedsMail, data: { status: 409, field: 'email' } });
      expect(invited.body).not.toContain('#/enrol/');
      expect(await test.app.db.selectFrom('console_invitations').selectAll().where('person_id', '=', lindiwe.personId).orderBy('id').execute()).toEqual(before);
      expect(await test.app.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    } finally {
      await test.cleanup();
    }
  });
});
