import type { KyselyPlugin, RootOperationNode } from 'kysely';
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

/** Counts the statements Kysely sends (BEGIN and COMMIT are not queries it builds). */
function statementCounter(): KyselyPlugin & { tables: string[] } {
  const tables: string[] = [];
  return {
    tables,
    transformQuery({ node }) {
      const into = (node as RootOperationNode & { into?: { table: { identifier: { name: string } } } }).into;
      tables.push(`${node.kind}${into === undefined ? '' : ` ${into.table.identifier.name}`}`);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

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

  it('writes a batch with one insert per table (PostgreSQL: one statement), not one per submission', async () => {
    database = await createTestDatabase();
    const counter = statementCounter();
    const writer = createSubmissionWriter(database.db.withPlugin(counter));
    const names = Array.from({ length: 10 }, (_, index) => `batch-${index}`);
    const withFiles = names.map((name, index) => submission(name, index % 3 === 0 ? `${String(index).padStart(32, 'f')}.pdf` : undefined));
    withFiles[4] = { ...withFiles[4]!, requests: [{ url: 'https://crm.example.co.za/leads', method: 'POST', headers: [], body: 'batch-4', contentType: null }] };
    const ids = await Promise.all(withFiles.map((each) => writer.write(each)));
    // One group commit held all ten (they were queued in one turn): on SQLite an insert per
    // table in a transaction, on PostgreSQL a single statement (a round trip, its own commit).
    expect(counter.tables).toEqual(
      testDialect === 'postgres'
        ? ['RawNode']
        : ['InsertQueryNode submissions', 'InsertQueryNode submission_index', 'InsertQueryNode submission_files', 'InsertQueryNode outbox'],
    );
    // Every row went to its own submission.
    const { db } = database;
    for (const [index, name] of names.entries()) {
      const id = ids[index]!;
      const stored = await db.selectFrom('submissions').select('posted_data').where('id', '=', id).executeTakeFirstOrThrow();
      expect(JSON.parse(stored.posted_data)).toEqual({ 'your-name': name });
      const index_ = await db.selectFrom('submission_index').select('name').where('submission_id', '=', id).executeTakeFirstOrThrow();
      expect(index_.name).toBe(name);
      const outbox = await db.selectFrom('outbox').select(['subject', 'channel', 'body']).where('submission_id', '=', id).orderBy('id').execute();
      expect(outbox).toEqual([
        { subject: `From ${name}`, channel: 'mail', body: 'b' },
        ...(index === 4 ? [{ subject: 'POST https://crm.example.co.za/leads', channel: 'http', body: '' }] : []),
      ]);
      const files = await db.selectFrom('submission_files').select('original_name').where('submission_id', '=', id).execute();
      expect(files.map((file) => file.original_name)).toEqual(index % 3 === 0 ? [`${name}.pdf`] : []);
    }
  });

  /** A copy with one field null: what the types forbid, and the table's NOT NULL refuses. */
  function withNull<T extends object>(value: T, key: keyof T & string): T {
    const copy = { ...value };
    Reflect.set(copy, key, null);
    return copy;
  }

  // A bad row in any of the batch's inserts fails that submission alone.
  for (const [table, spoil] of [
    ['submissions', (each: PendingSubmission) => ({ ...each, record: withNull(each.record, 'formId') })],
    ['outbox', (each: PendingSubmission) => ({ ...each, mail: withNull(each.mail, 'subject') })],
  ] as const) {
    it(`fails only the submission whose ${table} row cannot be written, in a batch`, async () => {
      database = await createTestDatabase();
      const { db } = database;
      const writer = createSubmissionWriter(db);
      const results = await Promise.allSettled(['one', 'two', 'three', 'four'].map((name) => writer.write(name === 'three' ? spoil(submission(name)) : submission(name))));
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      const subjects = await db.selectFrom('outbox').select('subject').orderBy('id').execute();
      expect(subjects.map((row) => row.subject)).toEqual(['From one', 'From two', 'From four']);
      expect(await db.selectFrom('submissions').select('id').execute()).toHaveLength(3);
      expect(await db.selectFrom('submission_index').select('name').orderBy('name').execute()).toEqual([{ name: 'four' }, { name: 'one' }, { name: 'two' }]);
    });
  }
});
