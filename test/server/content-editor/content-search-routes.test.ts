// Find and replace across the site's content (README.md, "Editing the site"), on the real
// routes and database: the company's phone number is in four places of two documents (the
// company's phone and the head office's, the contact form's hint and its error); a search lists
// each with its field and the text around it; "replace in all" publishes one revision of each
// document with one note, audited, made live once, and the live content has the new number only.
// A document published since the search is a conflict; a replacement that would break a field
// stores nothing and names the field; staff replace only when an owner allows them to edit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repositoryContent } from '../../../content/repository-content.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { CONTENT_ERROR, CONTENT_ROUTE, SEARCH_TEXT_MAX, type ReplaceAnswer, type SearchAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { SEARCH_PLACES_MAX } from '../../../src/validation/content-editor/content-search.ts';
import { liveRevision, readLiveContent } from '../../../server/content-editor/content-store.ts';
import { api, get, post } from '../console-access/console-access-fixture.ts';
import { addPerson, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

const NOW = Date.parse('2026-12-06T08:00:00.000Z');
const OLD_PHONE = '+27 11 568 4100';
const NEW_PHONE = '+27 10 020 7700';

describe(`find and replace across the content on ${testDialect}`, () => {
  let test: TestApp;
  let owner: TestPerson;
  let staff: TestPerson;
  let madeLive: number[];

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => NOW });
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    madeLive = [];
    test.app.contentPublished = async (revision) => {
      expect(await liveRevision(test.app.db)).toBe(revision);
      madeLive.push(revision);
    };
    await test.app.db.deleteFrom('content_revisions').execute();
    await test.app.db.deleteFrom('content_schedules').execute();
    await test.app.db.deleteFrom('console_audit').execute();
    await test.app.db.updateTable('content_settings').set({ staff_may_edit: 0 }).execute();
  });

  const search = (text: string, cookie = owner.cookie) => get(test.app, `${api(CONTENT_ROUTE.search)}?${new URLSearchParams({ text })}`, cookie);
  const searched = async (text: string) => (await search(text)).json() as SearchAnswer;
  const baseOf = (answer: SearchAnswer) => answer.documents.map(({ name, revision }) => ({ name, revision }));
  const replace = (body: Record<string, unknown>, cookie = owner.cookie) => post(test.app, api(CONTENT_ROUTE.replace), body, cookie);

  it('lists every place of the phone number: its document, its field and the text around it', async () => {
    const response = await search(OLD_PHONE, staff.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as SearchAnswer;
    expect(answer.count).toBe(4);
    // Staff may search; they replace only when an owner allows them to edit.
    expect(answer.canEdit).toBe(false);
    expect((await searched(OLD_PHONE)).canEdit).toBe(true);
    expect(answer.documents.map(({ name, title, revision }) => ({ name, title, revision }))).toEqual([
      { name: 'company', title: 'Company and offices', revision: 0 },
      { name: 'contactForm', title: 'Contact form', revision: 0 },
    ]);
    expect(answer.documents[0]!.places).toEqual([
      { path: 'phone', before: '', match: OLD_PHONE, after: '' },
      { path: 'offices[0].phone', before: '', match: OLD_PHONE, after: '' },
    ]);
    // The phone field's hint and its error message.
    expect(answer.documents[1]!.places.map((place) => place.path)).toEqual(['fields[2].hint', 'fields[2].messages.invalid_tel']);
    expect(answer.documents[1]!.places[0]).toMatchObject({ before: expect.stringContaining('082 123 4567 or '), match: OLD_PHONE });
  });

  it('finds words without regard to capitals, shows the text as written, and leaves identifiers out', async () => {
    const answer = await searched('MIDRAND');
    const company = answer.documents.find((document) => document.name === 'company')!;
    expect(company.places.map((place) => place.match)).toContain('Midrand');
    // offices[0].id is "midrand": a name the site joins by, not a word on the page.
    expect(company.places.map((place) => place.path)).not.toContain('offices[0].id');
    expect((await searched('no such words anywhere on the site')).documents).toEqual([]);
  });

  it('lists the drafts scheduled to go live that have the text, and a replacement leaves them as scheduled', async () => {
    const company = { ...repositoryContent().company, tagline: `Call us on ${OLD_PHONE}` };
    const scheduled = await post(test.app, api(CONTENT_ROUTE.schedule, { name: 'company' }), { baseRevision: 0, document: company, note: '', publishAt: '2026-12-24T06:00:00+02:00' }, owner.cookie);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const answer = await searched(OLD_PHONE);
    expect(answer.count).toBe(4);
    expect(answer.drafts).toEqual([
      {
        id: scheduled.json().id,
        name: 'company',
        title: 'Company and offices',
        publishAt: '2026-12-24T04:00:00.000Z',
        places: [
          { path: 'tagline', before: 'Call us on ', match: OLD_PHONE, after: '' },
          { path: 'phone', before: '', match: OLD_PHONE, after: '' },
          { path: 'offices[0].phone', before: '', match: OLD_PHONE, after: '' },
        ],
      },
    ]);
    expect((await replace({ text: OLD_PHONE, replacement: NEW_PHONE, note: '', documents: baseOf(answer) })).statusCode).toBe(200);
    const after = await searched(OLD_PHONE);
    expect(after.count).toBe(0);
    expect(after.drafts.map((draft) => draft.places.length)).toEqual([3]);
  });

  it('refuses an empty or over-long search with 400 at the field', async () => {
    for (const text of ['', '   ', 'x'.repeat(SEARCH_TEXT_MAX + 1)]) {
      const refused = await search(text);
      expect(refused.statusCode, text).toBe(400);
      expect(refused.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'text' } });
    }
  });

  it('replaces the phone number in all places: one revision per document, one note, audited, made live once; the live content has the new number only', async () => {
    const before = await searched(OLD_PHONE);
    const response = await replace({ text: OLD_PHONE, replacement: NEW_PHONE, note: 'New switchboard number', documents: baseOf(before) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as ReplaceAnswer;
    expect(answer.publishedAt).toBe(new Date(NOW).toISOString());
    expect(answer.published.map(({ name, number, count }) => ({ name, number, count }))).toEqual([
      { name: 'company', number: 1, count: 2 },
      { name: 'contactForm', number: 1, count: 2 },
    ]);
    expect(madeLive).toEqual([answer.published.at(-1)!.revision]);

    const live = await readLiveContent(test.app.db);
    expect(JSON.stringify(live)).not.toContain(OLD_PHONE);
    expect(live.company.phone).toBe(NEW_PHONE);
    expect(live.company.offices[0]!.phone).toBe(NEW_PHONE);
    // Nothing else changed: the other offices' numbers, the documents not listed.
    expect(live.company.offices[1]!.phone).toBe(repositoryContent().company.offices[1]!.phone);
    expect(live.hero).toEqual(repositoryContent().hero);
    expect((await searched(OLD_PHONE)).count).toBe(0);
    expect((await searched(NEW_PHONE)).count).toBe(4);

    const notes = await test.app.db.selectFrom('content_revisions').select(['document', 'note', 'author_id']).orderBy('id').execute();
    expect(notes).toEqual([
      { document: 'company', note: 'New switchboard number', author_id: owner.id },
      { document: 'contactForm', note: 'New switchboard number', author_id: owner.id },
    ]);
    const audit = await test.app.db.selectFrom('console_audit').select(['action', 'subject']).where('action', '=', 'content-publish').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'content-publish', subject: 'content company' },
      { action: 'content-publish', subject: 'content contactForm' },
    ]);
  });

  it('writes the note itself when the owner writes none, and takes text out for an empty replacement', async () => {
    const before = await searched(' and factory');
    const response = await replace({ text: ' and factory', replacement: '', note: '  ', documents: baseOf(before) });
    expect(response.statusCode, response.body).toBe(200);
    const note = await test.app.db.selectFrom('content_revisions').select('note').executeTakeFirstOrThrow();
    expect(note.note).toBe('Removed \u201c and factory\u201d everywhere');
    expect((await readLiveContent(test.app.db)).company.offices[0]!.name).toBe('Head office, Midrand');
  });

  it('refuses with 409 when a listed document was published since the search, and stores nothing', async () => {
    const before = await searched(OLD_PHONE);
    const company = { ...repositoryContent().company, tagline: 'Published meanwhile' };
    expect((await post(test.app, api(CONTENT_ROUTE.publish, { name: 'company' }), { baseRevision: 0, document: company, note: '' }, owner.cookie)).statusCode).toBe(200);
    const stored = await liveRevision(test.app.db);
    const refused = await replace({ text: OLD_PHONE, replacement: NEW_PHONE, note: '', documents: baseOf(before) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: CONTENT_ERROR.conflict, data: { current: { name: 'company', number: 1 } } });
    expect(refused.json().message).toMatch(/^Company and offices was published since the search/);
    expect(await liveRevision(test.app.db)).toBe(stored);
    // A document that has the text but was not listed (the list the owner saw) is a conflict too.
    const partial = await replace({ text: OLD_PHONE, replacement: NEW_PHONE, note: '', documents: [{ name: 'company', revision: stored }] });
    expect(partial.statusCode).toBe(409);
    expect(partial.json()).toMatchObject({ data: { current: { name: 'contactForm' } } });
  });

  it('stores nothing when the replacement would break a field, and names each', async () => {
    const before = await searched('@luminadisplay.co.za');
    const refused = await replace({ text: '@luminadisplay.co.za', replacement: ' at Lumina', note: '', documents: baseOf(before) });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: CONTENT_ERROR.replaceInvalid, data: { places: expect.arrayContaining([expect.objectContaining({ name: 'company', path: 'email' })]) } });
    expect(await liveRevision(test.app.db)).toBe(0);
  });

  it('refuses to replace a text in more places than a search lists, changing nothing', async () => {
    // A single letter is in thousands of places: replaced by 200 characters each it would grow the content without bound.
    const answer = await searched('e');
    expect(answer.count).toBeGreaterThan(SEARCH_PLACES_MAX);
    const refused = await replace({ text: 'e', replacement: 'x'.repeat(200), note: '', documents: baseOf(answer) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: CONTENT_ERROR.tooManyPlaces, data: { field: 'text', count: answer.count } });
    expect(await liveRevision(test.app.db)).toBe(0);
  });

  it('refuses a replacement that changes nothing, or text that is nowhere', async () => {
    const same = await replace({ text: OLD_PHONE, replacement: OLD_PHONE, note: '', documents: [{ name: 'company', revision: 0 }] });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'replacement' } });
    const nowhere = await replace({ text: 'no such words anywhere', replacement: 'x', note: '', documents: [{ name: 'company', revision: 0 }] });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toMatchObject({ code: CONTENT_ERROR.nothingToReplace, data: { field: 'text' } });
    expect((await replace({ text: OLD_PHONE, replacement: NEW_PHONE, note: '', documents: [] })).statusCode).toBe(400);
  });

  it('lets staff search always, and replace only when an owner allows them to edit', async () => {
    const before = await searched(OLD_PHONE);
    const refused = await replace({ text: OLD_PHONE, replacement: NEW_PHONE, note: '', documents: baseOf(before) }, staff.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(CONSOLE_REFUSAL.wrongRole);
    expect(await liveRevision(test.app.db)).toBe(0);
    await test.app.db.updateTable('content_settings').set({ staff_may_edit: 1 }).execute();
    expect((await replace({ text: OLD_PHONE, replacement: NEW_PHONE, note: '', documents: baseOf(before) }, staff.cookie)).statusCode).toBe(200);
  });

  it('refuses both routes without a session, with an idle or forged one, and from another origin', async () => {
    const people = { owner, staff };
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${api(CONTENT_ROUTE.search)}?text=Lumina`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: api(CONTENT_ROUTE.replace), role: 'staff', body: { text: OLD_PHONE, replacement: NEW_PHONE, note: '', documents: [{ name: 'company', revision: 0 }] } }, people);
  });
});
