import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addressKeyWarning, loadConfig } from '../../../server/config.ts';
import { resolveAddressHashSecret } from '../../../server/security/address-hash-key.ts';
import { NONCE_SECRET_SETTING } from '../../../server/security/nonce-secret.ts';
import { createSiteSecrets } from '../../../server/security/site-secrets.ts';
import { fetchNonce, homeFields, postSubscribe, testNewsletterForms } from '../helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DEFAULT_USER_AGENT, multipartBody } from '../helpers/multipart.ts';
import { testForms, validContactFields } from '../helpers/test-forms.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * README "Privacy": address hashes are keyed by a secret that is not in the database, so a copy
 * of the database is not enough to tell which address a hash stands for.
 */
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
async function folder(): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), 'address-key-'));
  folders.push(made);
  return made;
}

describe('the address-hash key file', () => {
  it('is made once, private, and read back by every later start', async () => {
    const file = path.join(await folder(), 'data', 'address-hash.key');
    const first = await resolveAddressHashSecret(null, file);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await resolveAddressHashSecret(null, file)).toBe(first);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
  });

  it('is the same key for processes starting together', async () => {
    const file = path.join(await folder(), 'address-hash.key');
    const keys = await Promise.all(Array.from({ length: 8 }, () => resolveAddressHashSecret(null, file)));
    expect(new Set(keys).size).toBe(1);
  });

  it('refuses a file that is not a key instead of starting new hashes silently', async () => {
    const file = path.join(await folder(), 'address-hash.key');
    await writeFile(file, 'not a key\n');
    await expect(resolveAddressHashSecret(null, file)).rejects.toThrow(/is not an address-hash key/);
  });

  it('gives way to ADDRESS_HASH_SECRET, and lies beside the SQLite database by default', async () => {
    expect(await resolveAddressHashSecret('a'.repeat(40), '/nonexistent/address-hash.key')).toBe('a'.repeat(40));
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/site/db/site.db' }).addressHashKeyFile).toBe('/srv/site/db/address-hash.key');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/site/db/site.db', ADDRESS_HASH_KEY_FILE: '/etc/site/key' }).addressHashKeyFile).toBe('/etc/site/key');
    // Several servers on PostgreSQL need one key: said at start when it is left to each machine.
    expect(addressKeyWarning(loadConfig({ DATABASE_URL: 'postgres://db.internal/site' }))).toMatch(/ADDRESS_HASH_SECRET is not set/);
    expect(addressKeyWarning(loadConfig({ DATABASE_URL: 'postgres://db.internal/site', ADDRESS_HASH_SECRET: 'k'.repeat(40) }))).toBeNull();
    expect(addressKeyWarning(loadConfig({ DATABASE_URL: 'sqlite:/srv/site/db/site.db' }))).toBeNull();
    expect(() => loadConfig({ ADDRESS_HASH_SECRET: 'short' })).toThrow('Invalid configuration: ADDRESS_HASH_SECRET must be at least 32 characters long (got 5 characters)');
  });
});

describe(`address hashes on ${testDialect}`, () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.cleanup();
    test = undefined;
  });

  it('cannot be reversed with what the database holds', async () => {
    test = await createTestApp({ SITE_URL: 'https://www.example.co.za' }, { newsletterForms: testNewsletterForms });
    await test.app.ready();
    await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe')));
    const db = test.database.db;
    const { ip_hash: stored } = await db.selectFrom('newsletter_consents').select('ip_hash').executeTakeFirstOrThrow();
    expect(stored).toMatch(/^[0-9a-f]{32}$/);

    // The attacker has the database: its site secret, and every address of the client's network to try.
    const { value: databaseSecret } = await db.selectFrom('settings').select('value').where('key', '=', NONCE_SECRET_SETTING).executeTakeFirstOrThrow();
    const fromDatabase = createSiteSecrets(databaseSecret, databaseSecret);
    const guesses = Array.from({ length: 256 }, (_, last) => `127.0.0.${last}`);
    for (const guess of guesses) {
      expect(fromDatabase.hash('remote_ip', guess)).not.toBe(stored);
      expect(fromDatabase.hashAddress('remote_ip', guess)).not.toBe(stored);
    }
    // With the key kept apart it is the client's network, /24.
    expect(test.app.secrets.hashAddress('remote_ip', '127.0.0.0')).toBe(stored);
  });

  it('leave no stored hash of a message that the database alone can match against an address', async () => {
    test = await createTestApp({ SITE_URL: 'https://www.example.co.za', MAIL_TO: 'sales@example.co.za' }, { forms: testForms });
    const body = await multipartBody(validContactFields());
    await test.app.inject({ method: 'POST', url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback', payload: body.payload, headers: { 'content-type': body.contentType, 'user-agent': DEFAULT_USER_AGENT } });
    const db = test.database.db;
    const row = await db.selectFrom('submissions').select(['posted_data', 'posted_data_hash', 'created_at']).executeTakeFirstOrThrow();
    const { value: databaseSecret } = await db.selectFrom('settings').select('value').where('key', '=', NONCE_SECRET_SETTING).executeTakeFirstOrThrow();
    // CF7's posted_data_hash as WordPress makes it: the tick, the address, the unit tag, the values.
    const tick = Math.ceil(Date.parse(row.created_at) / 1000 / 1800);
    const values = Object.values(JSON.parse(row.posted_data) as Record<string, unknown>).map((value) => (Array.isArray(value) ? value.join(', ') : String(value)));
    const fromDatabase = createSiteSecrets(databaseSecret, databaseSecret);
    for (const guess of ['127.0.0.1', '127.0.0.0', '']) {
      expect(fromDatabase.hash('wpcf7_submission', [tick, guess, 'wpcf7-f5-p2-o1', ...values].join('\n'))).not.toBe(row.posted_data_hash);
    }
  });
});
