// /.well-known/security.txt (README.md, "Public files for machines"): served from the build's
// dot folder as text/plain, and a file RFC 9116 accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityContact } from '../support/site-content.ts';
import { seo } from '../support/site-content.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

/** RFC 9116 §2.5 and §3: the fields it defines, each with how often it may appear. */
const FIELDS: Record<string, { min: number; max: number }> = {
  Acknowledgments: { min: 0, max: Infinity },
  Canonical: { min: 0, max: Infinity },
  Contact: { min: 1, max: Infinity },
  Encryption: { min: 0, max: Infinity },
  Expires: { min: 1, max: 1 },
  Hiring: { min: 0, max: Infinity },
  Policy: { min: 0, max: Infinity },
  'Preferred-Languages': { min: 0, max: 1 },
};

/** The file's fields by name, or the first line RFC 9116's grammar refuses. */
function parseSecurityTxt(text: string): Map<string, string[]> {
  if (!text.endsWith('\n')) throw new Error('the last line does not end with a line break');
  const fields = new Map<string, string[]>();
  for (const line of text.replace(/\r?\n$/, '').split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z0-9-]+): ([\x21-\x7e][\x20-\x7e]*)$/.exec(line);
    if (!match) throw new Error(`not a field line: ${JSON.stringify(line)}`);
    const [, name = '', value = ''] = match;
    const known = Object.keys(FIELDS).find((field) => field.toLowerCase() === name.toLowerCase());
    if (known === undefined) throw new Error(`unknown field: ${name}`);
    fields.set(known, [...(fields.get(known) ?? []), value]);
  }
  for (const [name, { min, max }] of Object.entries(FIELDS)) {
    const count = fields.get(name)?.length ?? 0;
    if (count < min || count > max) throw new Error(`${name} appears ${count} times`);
  }
  return fields;
}

describe(`/.well-known/security.txt on ${testDialect}`, () => {
  it('is served as text/plain; charset=utf-8, revalidated', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('parses as RFC 9116: a contact, one Expires within a year, English, its own canonical address', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    const fields = parseSecurityTxt(response.body);
    for (const contact of fields.get('Contact')!) expect(contact).toMatch(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/);
    const [expires = ''] = fields.get('Expires')!;
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    const left = Date.parse(expires) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(365 * 24 * 60 * 60 * 1000);
    expect(fields.get('Preferred-Languages')).toEqual(['en']);
    expect(fields.get('Canonical')).toEqual([`${seo.baseUrl}/.well-known/security.txt`]);
  });

  it('still serves no other dot file', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/.env' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/.well-known/missing.txt' })).statusCode).toBe(404);
  });
});

describe(`security.txt's expiry on ${testDialect}`, () => {
  async function warningsAt(now: number): Promise<string[]> {
    const logged: Array<{ level: number; msg: string }> = [];
    const stream = { write: (line: string) => void logged.push(JSON.parse(line) as { level: number; msg: string }) };
    const app = await createTestApp({}, { now: () => now, logger: { level: 'info', stream } });
    try {
      await app.app.ready();
      return logged.filter((line) => line.level === 40 && line.msg.includes('security.txt')).map((line) => line.msg);
    } finally {
      await app.cleanup();
    }
  }

  it('is logged at warn when the server starts on a build whose file has expired or soon will', async () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    expect(await warningsAt(Date.now())).toEqual([]);
    expect(await warningsAt(Date.now() + (securityContact.expiresAfterDays - 10) * DAY_MS)).toEqual([expect.stringMatching(/^\/\.well-known\/security\.txt expires on .+: rebuild the site \(npm run build\) before then$/)]);
    expect(await warningsAt(Date.now() + (securityContact.expiresAfterDays + 1) * DAY_MS)).toEqual([expect.stringMatching(/^\/\.well-known\/security\.txt expired on .+: rebuild the site \(npm run build\) to renew it$/)]);
  });
});
