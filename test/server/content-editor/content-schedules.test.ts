// Scheduled publishing (README.md, "Editing the site"), on the real routes and database with a
// fake clock: a draft checked when it is scheduled, listed, published by the jobs' run once its
// time has come (audited in its author's name, made live once), cancelled, or failed with why
// when the document was published since; a new project scheduled; every refusal; and two servers
// on one database running the job at the same moment publish the change exactly once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repositoryContent } from '../../../content/repository-content.ts';
import type { SiteContent } from '../../../content/content-documents.ts';
import { createDatabase } from '../../../server/db/create-database.ts';
import { publishDueNow } from '../../../server/jobs/content-schedule-job.ts';
import { documentRevision, liveRevision, readLiveContent } from '../../../server/content-editor/content-store.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { CONTENT_ERROR, CONTENT_ROUTE, SCHEDULES_WAITING_MAX, type ScheduledChange, type ScheduleListAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { PUBLISH_AT_MESSAGES } from '../../../src/validation/content-editor/publish-at.ts';
import { api, get, post } from '../console-access/console-access-fixture.ts';
import { addPerson, expectConsoleRefusals, sessionCookieFor, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

const START = Date.parse('2026-12-06T08:00:00.000Z');
/** 06:00 on the 24th in Johannesburg. */
const CHRISTMAS_EVE = '2026-12-24T06:00:00+02:00';
const heroWith = (heading: string): SiteContent['hero'] => ({ ...repositoryContent().hero, heading });

describe(`scheduled publishing on ${testDialect}`, () => {
  let now = START;
  let test: TestApp;
  let owner: TestPerson;
  let staff: TestPerson;
  let madeLive: number[];

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => now });
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  });
  afterAll(() => test.cleanup());
  /** Moves the fake clock; the console sessions are made again at that time (an idle one would have ended). */
  const setClock = async (at: number) => {
    now = at;
    owner.cookie = await sessionCookieFor(test.app, owner.id, now);
    staff.cookie = await sessionCookieFor(test.app, staff.id, now);
  };

  beforeEach(async () => {
    await setClock(START);
    madeLive = [];
    test.app.contentPublished = async (revision) => {
      madeLive.push(revision);
    };
    await test.app.db.deleteFrom('content_schedules').execute();
    await test.app.db.deleteFrom('content_revisions').execute();
    await test.app.db.deleteFrom('console_audit').execute();
    await test.app.db.updateTable('content_settings').set({ staff_may_edit: 0 }).execute();
  });

  const scheduleHero = (heading: string, publishAt = CHRISTMAS_EVE, baseRevision = 0, cookie = owner.cookie) =>
    post(test.app, api(CONTENT_ROUTE.schedule, { name: 'hero' }), { baseRevision, document: heroWith(heading), note: 'For the holidays', publishAt }, cookie);
  const schedules = async () => ((await get(test.app, api(CONTENT_ROUTE.schedules), staff.cookie)).json() as ScheduleListAnswer).schedules;
  const cancel = (id: number | string, cookie = owner.cookie) => post(test.app, api(CONTENT_ROUTE.cancelSchedule, { id }), {}, cookie);

  it('stores a checked draft with its time, and publishes it once its time has come: audited in its author\u2019s name, made live once', async () => {
    const response = await scheduleHero('Happy holidays from Lumina');
    expect(response.statusCode, response.body).toBe(200);
    const change = response.json() as ScheduledChange;
    expect(change).toMatchObject({ kind: 'document', name: 'hero', title: 'Home: hero', state: 'waiting', publishAt: '2026-12-24T04:00:00.000Z', note: 'For the holidays', by: { id: owner.id, name: owner.email }, revision: null });
    expect(await schedules()).toEqual([change]);
    const audited = await test.app.db.selectFrom('console_audit').select(['action', 'person_id']).execute();
    expect(audited).toEqual([{ action: 'content-schedule', person_id: owner.id }]);

    // A second before its time: nothing.
    await setClock(Date.parse(CHRISTMAS_EVE) - 1000);
    await publishDueNow(test.app);
    expect(await liveRevision(test.app.db)).toBe(0);
    expect(madeLive).toEqual([]);

    await setClock(Date.parse(CHRISTMAS_EVE));
    await publishDueNow(test.app);
    const revision = await documentRevision(test.app.db, 'hero');
    expect(revision).toBeGreaterThan(0);
    expect((await readLiveContent(test.app.db)).hero.heading).toBe('Happy holidays from Lumina');
    expect(madeLive).toEqual([revision]);
    expect(await schedules()).toEqual([{ ...change, state: 'published', revision, doneAt: '2026-12-24T04:00:00.000Z' }]);
    const published = await test.app.db.selectFrom('console_audit').select(['actor', 'person_id', 'detail']).where('action', '=', 'content-publish').execute();
    expect(published.map((row) => ({ ...row, detail: JSON.parse(row.detail) }))).toEqual([{ actor: `${owner.email} (scheduled)`, person_id: owner.id, detail: { document: 'hero', revision, schedule: change.id } }]);
    const stored = await test.app.db.selectFrom('content_revisions').select(['note', 'author_name', 'created_at']).executeTakeFirstOrThrow();
    expect(stored).toEqual({ note: 'For the holidays', author_name: owner.email, created_at: '2026-12-24T04:00:00.000Z' });

    // The next run: nothing again.
    await setClock(now + 60_000);
    await publishDueNow(test.app);
    expect(madeLive).toEqual([revision]);
  });

  it('refuses a time that is missing, not a time, past or too far ahead, beside the field', async () => {
    for (const [publishAt, message] of [
      ['', PUBLISH_AT_MESSAGES.missing],
      ['24 December', PUBLISH_AT_MESSAGES.notATime],
      ['2026-12-24T06:00', PUBLISH_AT_MESSAGES.notATime],
      ['2026-12-06T09:59:59+02:00', PUBLISH_AT_MESSAGES.past],
      ['2028-01-01T00:00:00Z', PUBLISH_AT_MESSAGES.tooFar],
    ] as const) {
      const refused = await scheduleHero('Later', publishAt);
      expect(refused.statusCode, publishAt).toBe(400);
      expect(refused.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, message: message, data: { field: 'publishAt' } });
    }
    expect(await schedules()).toEqual([]);
  });

  it('refuses now what a publish now would refuse: an invalid draft, a draft from an older revision', async () => {
    const invalid = await scheduleHero('');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: CONTENT_ERROR.invalidDocument, data: { problems: [{ path: 'heading' }] } });
    expect((await post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: 0, document: heroWith('Meanwhile'), note: '' }, owner.cookie)).statusCode).toBe(200);
    const stale = await scheduleHero('From the old one');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: CONTENT_ERROR.conflict, data: { current: { name: 'hero', number: 1 } } });
    expect(await schedules()).toEqual([]);
  });

  it('fails a change whose document was published after it was scheduled, with why, and publishes nothing', async () => {
    const change = (await scheduleHero('Scheduled heading')).json() as ScheduledChange;
    const meanwhile = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: 0, document: heroWith('Published meanwhile'), note: '' }, owner.cookie);
    const live = meanwhile.json().revision as number;
    await setClock(Date.parse(CHRISTMAS_EVE) + 5_000);
    madeLive = [];
    await publishDueNow(test.app);
    expect(await liveRevision(test.app.db)).toBe(live);
    expect(madeLive).toEqual([]);
    const [failed] = await schedules();
    expect(failed).toMatchObject({ id: change.id, state: 'failed', revision: null, problem: expect.stringMatching(/^Home: hero was published after this change was scheduled/) });
  });

  it('cancels a waiting change (audited), which is then never published; a change no longer waiting cannot be cancelled', async () => {
    const change = (await scheduleHero('Never')).json() as ScheduledChange;
    const cancelled = await cancel(change.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: change.id, state: 'cancelled', doneBy: owner.email });
    expect((await test.app.db.selectFrom('console_audit').select('action').where('action', '=', 'content-schedule-cancel').execute())).toHaveLength(1);
    await setClock(Date.parse(CHRISTMAS_EVE) + 1);
    await publishDueNow(test.app);
    expect(await liveRevision(test.app.db)).toBe(0);
    const again = await cancel(change.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: CONTENT_ERROR.scheduleNotWaiting, data: { schedule: { state: 'cancelled' } } });
    for (const id of ['999999', '0', 'abc', '99999999999']) expect((await cancel(id)).statusCode, id).toBe(404);
  });

  it('schedules a new project: its card and page are added at its time', async () => {
    const { projects, projectPages } = repositoryContent();
    const first = projects.items[0]!;
    const project = { card: { ...first, id: 'festive-lights', name: 'Festive lights on the square' }, page: { ...projectPages.projects[first.id]!, title: 'Festive lights on the square | Lumina' } };
    const response = await post(test.app, api(CONTENT_ROUTE.scheduleProject), { project, note: 'For December', publishAt: CHRISTMAS_EVE }, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'project', name: 'projects', state: 'waiting' });
    const refused = await post(test.app, api(CONTENT_ROUTE.scheduleProject), { project: { ...project, card: { ...project.card, name: '' } }, note: '', publishAt: CHRISTMAS_EVE }, owner.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ data: { problems: [expect.objectContaining({ path: 'card.name' })] } });
    await setClock(Date.parse(CHRISTMAS_EVE));
    await publishDueNow(test.app);
    const live = await readLiveContent(test.app.db);
    expect(live.projects.items[0]?.id).toBe('festive-lights');
    expect(live.projectPages.projects['festive-lights']?.title).toBe('Festive lights on the square | Lumina');
    expect(madeLive).toEqual([await documentRevision(test.app.db, 'projects')]);
  });

  it('lets staff read the list, and schedule or cancel only when an owner allows them to edit', async () => {
    const refused = await scheduleHero('By staff', CHRISTMAS_EVE, 0, staff.cookie);
    expect(refused.statusCode).toBe(403);
    const change = (await scheduleHero('By the owner')).json() as ScheduledChange;
    expect((await cancel(change.id, staff.cookie)).statusCode).toBe(403);
    expect(await schedules()).toHaveLength(1);
    await test.app.db.updateTable('content_settings').set({ staff_may_edit: 1 }).execute();
    expect((await scheduleHero('By staff', CHRISTMAS_EVE, 0, staff.cookie)).statusCode).toBe(200);
    expect((await cancel(change.id, staff.cookie)).statusCode).toBe(200);
  });

  it('schedules a draft of the projects document itself (not a new project), and holds at most 100 waiting', async () => {
    const projects = { ...repositoryContent().projects, heading: 'Our newest work' };
    const response = await post(test.app, api(CONTENT_ROUTE.schedule, { name: 'projects' }), { baseRevision: 0, document: projects, note: '', publishAt: CHRISTMAS_EVE }, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'document', name: 'projects' });
    // The other 99, straight into the table.
    const waiting = { kind: 'document' as const, document: 'hero', body: '{}', base_revision: 0, note: '', author_id: owner.id, author_name: owner.email, publish_at: '2026-12-30T00:00:00.000Z', created_at: new Date(START).toISOString(), state: 'waiting' as const };
    await test.app.db.insertInto('content_schedules').values(Array.from({ length: SCHEDULES_WAITING_MAX - 1 }, () => waiting)).execute();
    const refused = await scheduleHero('One too many');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: CONTENT_ERROR.tooManyScheduled });
  });

  it('fails, not publishes, a change whose author may no longer publish at its time', async () => {
    await test.app.db.updateTable('content_settings').set({ staff_may_edit: 1 }).execute();
    const change = (await scheduleHero('By staff', CHRISTMAS_EVE, 0, staff.cookie)).json() as ScheduledChange;
    await test.app.db.updateTable('content_settings').set({ staff_may_edit: 0 }).execute();
    await setClock(Date.parse(CHRISTMAS_EVE));
    await publishDueNow(test.app);
    expect(await liveRevision(test.app.db)).toBe(0);
    expect((await schedules()).find((item) => item.id === change.id)).toMatchObject({ state: 'failed', problem: expect.stringMatching(/^staff@example\.co\.za may no longer publish/) });
  });

  it('refuses every route without a session, with an idle or forged one, and from another origin', async () => {
    const people = { owner, staff };
    await expectConsoleRefusals(test.app, { method: 'POST', url: api(CONTENT_ROUTE.schedule, { name: 'hero' }), role: 'staff', body: { baseRevision: 0, document: heroWith('x'), note: '', publishAt: CHRISTMAS_EVE } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: api(CONTENT_ROUTE.scheduleProject), role: 'staff', body: { project: {}, note: '', publishAt: CHRISTMAS_EVE } }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: api(CONTENT_ROUTE.schedules), role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: api(CONTENT_ROUTE.cancelSchedule, { id: 1 }), role: 'staff', body: {} }, people);
  });

  it('publishes a change exactly once when two servers on one database run the job at the same moment', async () => {
    const handle = createDatabase(test.database.url);
    const other = await createTestApp({}, { now: () => now, database: { ...test.database, db: handle, cleanup: () => handle.destroy() } });
    try {
      const otherMadeLive: number[] = [];
      other.app.contentPublished = async (revision) => {
        otherMadeLive.push(revision);
      };
      for (const heading of ['First of three', 'Second of three']) expect((await scheduleHero(heading, CHRISTMAS_EVE, 0)).statusCode).toBe(200);
      await setClock(Date.parse(CHRISTMAS_EVE));
      await Promise.all([publishDueNow(test.app), publishDueNow(other.app), publishDueNow(test.app), publishDueNow(other.app)]);
      // The first is published; the second was checked against revision 0, which is no longer live: failed, not published over it.
      const stored = await test.app.db.selectFrom('content_revisions').select(['id', 'body']).execute();
      expect(stored.map((row) => JSON.parse(row.body).heading)).toEqual(['First of three']);
      expect([...madeLive, ...otherMadeLive]).toEqual([stored[0]!.id]);
      expect((await schedules()).map((change) => change.state).sort()).toEqual(['failed', 'published']);
      expect(await test.app.db.selectFrom('console_audit').select('id').where('action', '=', 'content-publish').execute()).toHaveLength(1);
    } finally {
      await other.app.close();
      await handle.destroy().catch(() => undefined);
    }
  });
});
