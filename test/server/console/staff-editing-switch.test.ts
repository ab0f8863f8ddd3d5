import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditPage } from '../../../src/services/console-access/audit-api.client.ts';
import { readStaffEditing, setStaffEditing } from '../../../src/services/console-access/staff-editing-api.client.ts';
import { ConsoleApiError, createConsoleApi, type ConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_API, CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { CONTENT_ROUTE } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { MEDIA_ROUTE } from '../../../src/validation/media-library/media-library.protocol.ts';
import { staffMayEdit } from '../../../server/console/content-editing.ts';
import { addPerson, consoleHeaders, type TestPerson } from '../helpers/console-people.ts';
import { injectingFetch } from '../helpers/injecting-fetch.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * The owner's switch on the People page, "Staff may edit the site's content" (README.md,
 * "Editing the site": who): the console's own client (src/services/console-access/
 * staff-editing-api.client.ts) against the real route. Only an owner reads or changes it, from
 * the console's own origin; each change is one audit row (`content-settings`) naming who made it;
 * and what the page says beside the switch is what the server then lets staff do.
 */

let test: TestApp;
let owner: TestPerson;
let staff: TestPerson;
let asOwner: ConsoleApi;
let asStaff: ConsoleApi;

const clientFor = (person: TestPerson) => createConsoleApi({ baseUrl: new URL(test.app.config.siteUrl).origin, fetch: injectingFetch(test.app, person) });
const settingsUrl = `${CONSOLE_API}${CONTENT_ROUTE.settings}`;

async function auditRows() {
  const rows = await test.app.db.selectFrom('console_audit').select(['person_id', 'action', 'detail']).where('action', '=', 'content-settings').orderBy('id').execute();
  return rows.map((row) => ({ personId: row.person_id, detail: JSON.parse(row.detail) as unknown }));
}

/** A refusal from the client: its code and status. */
async function refusal(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConsoleApiError);
  return error instanceof ConsoleApiError ? { code: error.code, status: error.status } : null;
}

beforeAll(async () => {
  test = await createTestApp();
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  asOwner = clientFor(owner);
  asStaff = clientFor(staff);
});
afterAll(() => test.cleanup());
beforeEach(async () => {
  await test.app.db.updateTable('content_settings').set({ staff_may_edit: 0 }).execute();
  await test.app.db.deleteFrom('console_audit').execute();
});

describe(`the switch "Staff may edit the site's content" on ${testDialect}`, () => {
  it('an owner reads it, turns it on and off; each change is audited with who made it, and the audit log lists it', async () => {
    expect(await readStaffEditing(asOwner)).toEqual({ staffMayEdit: false });
    expect(await setStaffEditing(asOwner, true)).toEqual({ staffMayEdit: true });
    expect(await readStaffEditing(asOwner)).toEqual({ staffMayEdit: true });
    expect(await staffMayEdit(test.app.db)).toBe(true);
    expect(await setStaffEditing(asOwner, false)).toEqual({ staffMayEdit: false });
    expect(await staffMayEdit(test.app.db)).toBe(false);

    expect(await auditRows()).toEqual([
      { personId: owner.id, detail: { staffMayEdit: true } },
      { personId: owner.id, detail: { staffMayEdit: false } },
    ]);
    // The owner's audit log page shows both, newest first, with who did it.
    const { entries } = await auditPage(asOwner, null);
    expect(entries.filter((entry) => entry.action === 'content-settings').map((entry) => [entry.actor, entry.detail])).toEqual([
      ['owner@example.co.za', { staffMayEdit: false }],
      ['owner@example.co.za', { staffMayEdit: true }],
    ]);
  });

  it('refuses staff who try to allow themselves (403 console_forbidden_role): nothing changes, nothing is audited', async () => {
    expect(await refusal(setStaffEditing(asStaff, true))).toEqual({ code: CONSOLE_REFUSAL.wrongRole, status: 403 });
    expect(await refusal(readStaffEditing(asStaff))).toEqual({ code: CONSOLE_REFUSAL.wrongRole, status: 403 });
    expect(await staffMayEdit(test.app.db)).toBe(false);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a request without a session (401) and one from another site riding an owner\'s cookie (403 console_cross_origin)', async () => {
    const anonymous = await test.app.inject({ method: 'POST', url: settingsUrl, headers: { ...consoleHeaders(test.app), 'content-type': 'application/json' }, payload: { staffMayEdit: true } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: CONSOLE_REFUSAL.sessionRequired });

    // A page elsewhere posting to the console with the owner's cookie (cross-site request forgery).
    const forged = await test.app.inject({
      method: 'POST',
      url: settingsUrl,
      headers: { cookie: owner.cookie, origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: { staffMayEdit: true },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: CONSOLE_REFUSAL.crossOrigin });
    // …or as a form, which a browser sends cross-site without asking.
    const form = await test.app.inject({ method: 'POST', url: settingsUrl, headers: { ...consoleHeaders(test.app, owner.cookie), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'staffMayEdit=true' });
    expect(form.statusCode).toBe(415);

    expect(await staffMayEdit(test.app.db)).toBe(false);
    expect(await auditRows()).toEqual([]);
  });

  it('does what the page says beside it: staff then edit, publish and upload; deleting pictures and the switch stay with owners', async () => {
    const staffCan = async () => ({
      edit: ((await test.app.inject({ url: `${CONSOLE_API}${CONTENT_ROUTE.documents}`, headers: consoleHeaders(test.app, staff.cookie) })).json() as { canEdit: boolean }).canEdit,
      upload: ((await test.app.inject({ url: `${CONSOLE_API}${MEDIA_ROUTE.list}`, headers: consoleHeaders(test.app, staff.cookie) })).json() as { mayUpload: boolean }).mayUpload,
    });
    expect(await staffCan()).toEqual({ edit: false, upload: false });
    await setStaffEditing(asOwner, true);
    expect(await staffCan()).toEqual({ edit: true, upload: true });

    const remove = await test.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}${MEDIA_ROUTE.delete.replace(':key', 'any-picture')}`,
      headers: { ...consoleHeaders(test.app, staff.cookie), 'content-type': 'application/json' },
      payload: {},
    });
    expect(remove.statusCode).toBe(403);
    expect(remove.json()).toMatchObject({ code: CONSOLE_REFUSAL.wrongRole });
    expect(await refusal(setStaffEditing(asStaff, false))).toEqual({ code: CONSOLE_REFUSAL.wrongRole, status: 403 });
    expect(await staffMayEdit(test.app.db)).toBe(true);

    await setStaffEditing(asOwner, false);
    expect(await staffCan()).toEqual({ edit: false, upload: false });
  });
});
