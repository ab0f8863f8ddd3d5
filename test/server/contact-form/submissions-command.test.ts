// `npm run submissions`: spam the owner can see and send on, and uploads deleted after their
// retention period (never those of mail still waiting), with files nothing references swept.
import { existsSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSpam, purgeUploads, releaseSpam } from '../../../server/contact-form/submissions-admin.ts';
import { answerOf, postFeedback } from '../helpers/multipart.ts';
import { runScript } from '../helpers/server-process.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { testForms, validContactFields } from '../helpers/test-forms.ts';

let testApp: TestApp;
const findForm = (id: number) => testForms.find((form) => form.id === id);

beforeAll(async () => {
  testApp = await createTestApp({ MAIL_TO: 'sales@example.co.za', DISALLOWED_WORDS: 'cheap seo' }, { forms: testForms });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

async function spamSubmission(name: string): Promise<number> {
  const answer = answerOf(await postFeedback(testApp.app, 5, validContactFields({ 'your-name': name, 'your-message': 'We sell cheap SEO, and also need a video wall.' })));
  expect(answer.status).toBe('spam');
  const row = await testApp.database.db.selectFrom('submissions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.id;
}

describe(`held spam on ${testDialect}`, () => {
  it('lists spam with its reason and sends on a wrongly held one through the outbox', async () => {
    const id = await spamSubmission('Held Wrongly');
    const listed = await listSpam(testApp.database.db, findForm);
    expect(listed.find((item) => item.id === id)).toMatchObject({ formId: '5', from: 'thandi@example.co.za', reason: expect.stringMatching(/disallowed/i) });

    await releaseSpam(testApp.database.db, id, { findForm, mailTo: 'sales@example.co.za', now: Date.now() });
    const { db } = testApp.database;
    const submission = await db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(submission).toMatchObject({ spam: 0, status: 'mail_sent' });
    expect(JSON.parse(submission.meta)).toMatchObject({ released_from_spam_at: expect.any(String) });
    const mail = await db.selectFrom('outbox').selectAll().where('submission_id', '=', id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: 'sales@example.co.za', reply_to: 'thandi@example.co.za', delivered_at: null });
    expect(mail.subject).toContain('Held Wrongly');
    expect((await listSpam(db, findForm)).map((item) => item.id)).not.toContain(id);
    await expect(releaseSpam(db, id, { findForm, mailTo: null, now: Date.now() })).rejects.toThrow(`submission ${id} is not held as spam`);
    await expect(releaseSpam(db, 999_999, { findForm, mailTo: null, now: Date.now() })).rejects.toThrow('submission 999999 does not exist');
  });

  it('does the same from the command line', async () => {
    const id = await spamSubmission('Command Line');
    const env = { DATABASE_URL: testApp.database.url, MAIL_TO: 'sales@example.co.za' };
    const list = runScript('scripts/submissions.ts', env, ['--spam']);
    expect((await list.exit).code).toBe(0);
    expect(list.stdout()).toMatch(new RegExp(`^${id}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\s+5\\s+thandi@example\\.co\\.za`, 'm'));
    const release = runScript('scripts/submissions.ts', env, ['--release', String(id)]);
    expect((await release.exit).code).toBe(0);
    expect(release.stdout()).toBe(`Submission ${id} released: its mail is in the outbox (npm run outbox).\n`);
    const again = runScript('scripts/submissions.ts', env, ['--release', String(id)]);
    expect((await again.exit).code).toBe(1);
    expect(again.stderr()).toBe(`submissions: submission ${id} is not held as spam\n`);
    const usage = runScript('scripts/submissions.ts', env, ['--release']);
    expect((await usage.exit).code).toBe(2);
  }, 30_000);
});

describe(`upload retention on ${testDialect}`, () => {
  it('deletes expired files of delivered mail, keeps those of mail still waiting, and sweeps old orphans', async () => {
    const { db } = testApp.database;
    const pdf = new File([Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('x'.repeat(100))])], 'brief.pdf', { type: 'application/pdf' });
    const post = async () => {
      expect(answerOf(await postFeedback(testApp.app, 5, { ...validContactFields(), 'your-file': pdf })).status).toBe('mail_sent');
      return db.selectFrom('submission_files').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    };
    const delivered = await post();
    const waiting = await post();
    const old = '2020-01-01T00:00:00.000Z';
    await db.updateTable('submission_files').set({ created_at: old }).where('id', 'in', [delivered.id, waiting.id]).execute();
    await db.updateTable('outbox').set({ delivered_at: old }).where('submission_id', '=', delivered.submission_id).execute();
    const fresh = await post();

    const oldOrphan = `${'a'.repeat(32)}.pdf`;
    const newOrphan = `${'b'.repeat(32)}.pdf`;
    await writeFile(join(testApp.uploadDir, oldOrphan), 'x');
    await writeFile(join(testApp.uploadDir, newOrphan), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(join(testApp.uploadDir, oldOrphan), twoHoursAgo, twoHoursAgo);

    const result = await purgeUploads(db, testApp.uploadDir, { retainMs: 180 * 24 * 3_600_000, now: Date.now() });
    expect(result).toEqual({ expired: 1, orphans: 1 });
    expect(existsSync(join(testApp.uploadDir, delivered.stored_name))).toBe(false);
    expect(await db.selectFrom('submission_files').select('id').where('id', '=', delivered.id).executeTakeFirst()).toBeUndefined();
    expect(existsSync(join(testApp.uploadDir, waiting.stored_name))).toBe(true);
    expect(existsSync(join(testApp.uploadDir, fresh.stored_name))).toBe(true);
    expect(existsSync(join(testApp.uploadDir, oldOrphan))).toBe(false);
    expect(existsSync(join(testApp.uploadDir, newOrphan))).toBe(true);
  });
});
