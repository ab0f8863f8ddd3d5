import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';
import { runScript } from './helpers/server-process.ts';

/* `npm run admin`: invitations, the list and revocation from the server's shell, audited as "command line". */

let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.cleanup();
  database = undefined;
});

async function admin(args: string[], env: Record<string, string> = {}) {
  if (database === undefined) throw new Error('no database');
  const run = runScript('scripts/admin.ts', { DATABASE_URL: database.url, SITE_URL: 'https://www.example.co.za', ...env }, args);
  const { code } = await run.exit;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe(`npm run admin on ${testDialect}`, () => {
  it('invites the first owner, printing the link last; then staff by default; lists them in SITE_TIMEZONE; revokes', async () => {
    database = await createTestDatabase();
    const first = await admin(['invite', 'Owner@Example.co.za']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Invited owner@example.co.za as owner.');
    expect(lines.at(-1)).toMatch(/^https:\/\/www\.example\.co\.za\/admin\/#\/enrol\/[A-Za-z0-9_-]{43}$/);
    expect(first.stdout).toContain('Send it to them yourself');

    const second = await admin(['invite', 'sipho@example.co.za']);
    expect(second.stdout).toContain('Invited sipho@example.co.za as staff.');
    const owner2 = await admin(['invite', 'naledi@example.co.za', '--role', 'owner']);
    expect(owner2.stdout).toContain('as owner.');

    const list = await admin(['list'], { SITE_TIMEZONE: 'Africa/Johannesburg' });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^email\s+role\s+state\s+passkeys\s+last sign-in\s+failed since$/m);
    expect(list.stdout).toMatch(/owner@example\.co\.za\s+owner\s+invited\s+0\s+-\s+0/);
    expect(list.stdout).toContain('Times in Africa/Johannesburg.');

    const revoked = await admin(['revoke', 'sipho@example.co.za']);
    expect(revoked.stdout).toBe('Revoked sipho@example.co.za: 0 session(s) ended.\n');
    const afterRevoke = await admin(['list']);
    expect(afterRevoke.stdout).toMatch(/sipho@example\.co\.za\s+staff\s+revoked \d/);

    const audit = await database.db.selectFrom('console_audit').select(['actor', 'action', 'subject']).orderBy('id').execute();
    expect(audit).toEqual([
      { actor: 'command line', action: 'invitation', subject: 'owner@example.co.za' },
      { actor: 'command line', action: 'invitation', subject: 'sipho@example.co.za' },
      { actor: 'command line', action: 'invitation', subject: 'naledi@example.co.za' },
      { actor: 'command line', action: 'revocation', subject: 'sipho@example.co.za' },
    ]);
  });

  it('mails the link through the outbox when SMTP_URL is set', async () => {
    database = await createTestDatabase();
    const result = await admin(['invite', 'owner@example.co.za'], { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'website@example.co.za' });
    expect(result.code).toBe(0);
    const link = result.stdout.trimEnd().split('\n').at(-1)!;
    const mail = await database.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('owner@example.co.za');
    expect(mail.body).toContain(link);
  });

  it('prints a recovery link for someone with access (the operator holds the database anyway) and mails it to them; a revocation is mailed too', async () => {
    database = await createTestDatabase();
    const mailEnv = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'website@example.co.za' };
    await admin(['invite', 'owner@example.co.za']);
    await admin(['invite', 'thandi@example.co.za', '--role', 'staff']);
    // Thandi enrolled: she holds a passkey.
    const thandi = await database.db.selectFrom('console_people').select('id').where('email', '=', 'thandi@example.co.za').executeTakeFirstOrThrow();
    await database.db
      .insertInto('console_passkeys')
      .values({ person_id: thandi.id, credential_id: 'cred', public_key: 'key', counter: 0, transports: '[]', device_type: 'singleDevice', backed_up: 0, name: 'Laptop', created_at: '2026-11-26T08:00:00.000Z', last_used_at: null })
      .execute();

    const recovery = await admin(['invite', 'thandi@example.co.za', '--role', 'staff'], mailEnv);
    expect(recovery.code, recovery.stderr).toBe(0);
    const lines = recovery.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('thandi@example.co.za already has access as staff: this is their recovery link.');
    const link = lines.at(-1)!;
    expect(link).toMatch(/^https:\/\/www\.example\.co\.za\/admin\/#\/enrol\/[A-Za-z0-9_-]{43}$/);
    const mailed = await database.db.selectFrom('outbox').select(['to_address', 'subject', 'body']).execute();
    expect(mailed).toEqual([{ to_address: 'thandi@example.co.za', subject: expect.stringMatching(/recovery link/), body: expect.stringContaining(link) }]);

    const revoked = await admin(['revoke', 'thandi@example.co.za'], mailEnv);
    expect(revoked.stdout).toBe('Revoked thandi@example.co.za: 0 session(s) ended. They are told by mail (the running server sends it).\n');
    const last = await database.db.selectFrom('outbox').select(['to_address', 'subject']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toEqual({ to_address: 'thandi@example.co.za', subject: expect.stringMatching(/revoked/) });
  });

  it('refuses clearly: a bad address, an unknown person, the last owner, a bad role, no command', async () => {
    database = await createTestDatabase();
    expect(await admin(['invite', 'not-an-address'])).toMatchObject({ code: 1, stderr: 'admin: Enter an email address like name@example.co.za.\n' });
    expect(await admin(['revoke', 'nobody@example.co.za'])).toMatchObject({ code: 1, stderr: 'admin: nobody@example.co.za has no access.\n' });
    await admin(['invite', 'owner@example.co.za']);
    expect((await admin(['revoke', 'owner@example.co.za'])).stderr).toBe('admin: The last owner cannot be revoked: invite another owner first.\n');
    expect(await admin(['invite', 'x@example.co.za', '--role', 'admin'])).toMatchObject({ code: 2, stderr: 'admin: --role must be owner or staff (got "admin")\n' });
    expect((await admin([])).code).toBe(2);
  });
});
