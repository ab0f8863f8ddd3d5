import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFiles } from '../helpers/static-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/test-db.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { fakeRenderer, FakeStore, homePage, projectPage } from './helpers/fake-site.ts';

/*
 * Several servers on one database (README.md "Live in seconds"): each reads the live revision
 * number every CONTENT_POLL_INTERVAL and catches up on its own, rendering into its own folder.
 * The revision number lives in the shared database (a table of this test's, as the content
 * store's is); what each revision says is the fake store's.
 */

let database: TestDatabase;
let servers: TestApp[] = [];
const revisionsInDatabase = async (): Promise<number> => {
  const row = await sql<{ live: number | string | null }>`select max(id) as live from test_live_revisions`.execute(database.db);
  return Number(row.rows[0]?.live ?? 0);
};
const contents = new FakeStore(revisionsInDatabase);

beforeAll(async () => {
  database = await createTestDatabase();
  await sql`create table test_live_revisions (id integer primary key)`.execute(database.db);
  servers = [];
  for (let index = 0; index < 2; index += 1) {
    const server = await createTestApp({ CONTENT_POLL_INTERVAL: '200ms' }, { database, siteGenerations: { renderer: fakeRenderer(), content: contents } });
    await server.app.ready();
    servers.push(server);
  }
});

afterAll(async () => {
  for (const server of servers) await server.cleanup();
  await database?.cleanup();
});

describe(`two servers on one ${testDialect} database`, () => {
  it('serve the build, then the revision published through the other server within the poll interval', async () => {
    const [first, second] = servers as [TestApp, TestApp];
    expect((await second.app.inject('/')).body).toBe(fixtureFiles['index.html']);

    const revision = contents.add(['from-the-first']);
    await sql`insert into test_live_revisions (id) values (${revision})`.execute(database.db);
    await first.app.contentPublished(revision);
    expect((await first.app.inject('/')).body).toBe(homePage(1));

    // How soon is bench/publish.ts's to measure; here only that it happens, without a restart.
    await waitFor('the second server to serve revision 1', async () => (await second.app.inject('/')).body === homePage(1));
    expect((await second.app.inject('/projects/from-the-first/')).body).toBe(projectPage(1, 'from-the-first'));
  });

  it('a server that starts later serves the live revision at once', async () => {
    const late = await createTestApp({ CONTENT_POLL_INTERVAL: 'off' }, { database, siteGenerations: { renderer: fakeRenderer(), content: contents } });
    try {
      await late.app.ready();
      expect((await late.app.inject('/')).body).toBe(homePage(1));
    } finally {
      await late.cleanup();
    }
  });
});
