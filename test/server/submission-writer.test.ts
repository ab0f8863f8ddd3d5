import { afterEach, describe, expect, it } from 'vitest';
import { FILE_KINDS } from '../../server/contact-form/file-content.ts';
import { createSubmissionWriter, SubmissionWriterClosedError, type PendingSubmission } from '../../server/submissions/submission-writer.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';

let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.cleanup();
  database = undefined;
});

const pdf = FILE_KINDS.find((kind) => kind.name === 'pdf');

function submission(name: string, storedName?: string): PendingSubmission {
  const createdAt = '2026-03-02T08:00:00.000Z';
  return {
    record: {
      formId: '5',
      status: 'mail_sent',
      postedData: { 'your-name': name },
      postedDataHash: `hash-${name}`,
      remoteIpHash: null,
      userAgent: 'test',
      meta: {},
      createdAt,
    },
    files:
      storedName === undefined || pdf === undefined
        ? []
        : [{ field: 'your-file', filename: `${name}.pdf`, mediaType: pdf.mediaType, size: 5, storedName }],
    mail: { to: 'sales@example.co.za', replyTo: null, subject: `From ${name}`, body: 'b', attachments: [] },
  };
}

describe(`the submission writer (group commit) on ${testDialect}`, () => {
  it('commits concurrent submissions, each with its own mail, and answers each with its own id', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const names = Array.from({ length: 25 }, (_, index) => `visitor-${index}`);
    const writer = createSubmissionWriter(db);
    const ids = await Promise.all(names.map((name) => writer.write(submission(name))));
    expect(new Set(ids).size).toBe(25);
    const rows = await db
      .selectFrom('submissions')
      .innerJoin('outbox', 'outbox.submission_id', 'submissions.id')
      .select(['submissions.id', 'submissions.posted_data', 'outbox.subject'])
      .execute();
    expect(rows).toHaveLength(25);
    for (const [index, name] of names.entries()) {
      const row = rows.find((candidate) => candidate.id === ids[index]);
      expect(JSON.parse(row?.posted_data ?? '{}')).toEqual({ 'your-name': name });
      expect(row?.subject).toBe(`From ${name}`);
    }
  });

  it('fails only the submission that cannot be written when they share a transaction', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const storedName = `${'a'.repeat(32)}.pdf`;
    // The same stored file name twice breaks a unique constraint: the second must fail alone.
    const writer = createSubmissionWriter(db);
    const results = await Promise.allSettled([
      writer.write(submission('first', storedName)),
      writer.write(submission('second', storedName)),
      writer.write(submission('third')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const subjects = await db.selectFrom('outbox').select('subject').orderBy('id').execute();
    expect(subjects.map((row) => row.subject)).toEqual(['From first', 'From third']);
    const stored = await db.selectFrom('submissions').select('posted_data').execute();
    expect(stored).toHaveLength(2);
  });

  it('closes after committing what it took, and refuses what comes after', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const writer = createSubmissionWriter(db);
    const taken = Promise.all(['one', 'two', 'three'].map((name) => writer.write(submission(name))));
    await writer.close();
    await expect(taken).resolves.toHaveLength(3);
    await expect(writer.write(submission('late'))).rejects.toBeInstanceOf(SubmissionWriterClosedError);
    expect(await db.selectFrom('submissions').select('id').execute()).toHaveLength(3);
  });
});
