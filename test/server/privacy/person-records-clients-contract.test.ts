import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPersonRecordsClient } from '../../../src/services/privacy/person-records.client.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { PERSON_RECORDS_ERROR } from '../../../src/validation/privacy/person-records.protocol.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { injectingFetch } from '../helpers/injecting-fetch.ts';
import { DEFAULT_USER_AGENT, multipartBody } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { testForms, validContactFields } from '../helpers/test-forms.ts';

/*
 * The privacy page's browser client (src/services/privacy/person-records.client.ts) against the
 * real routes, as an owner: a lookup passes the protocol's struct, the archive's link downloads
 * a zip, the erasure's refusals arrive as ConsoleApiErrors with their codes, and staff are told
 * the page is not theirs.
 */

const SITE = 'https://www.example.co.za';
const PERSON = 'lindiwe.contract@example.org';
let test: TestApp;
let owner: TestPerson;
let staff: TestPerson;

beforeAll(async () => {
  test = await createTestApp({ SITE_URL: SITE, MAIL_TO: 'sales@example.co.za' }, { forms: testForms });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  const body = await multipartBody(validContactFields({ 'your-email': PERSON }));
  const sent = await test.app.inject({ method: 'POST', url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback', payload: body.payload, headers: { 'content-type': body.contentType, 'user-agent': DEFAULT_USER_AGENT } });
  expect(sent.json<{ status: string }>().status).toBe('mail_sent');
});
afterAll(() => test.cleanup());

describe(`the privacy page's client against the server on ${testDialect}`, () => {
  it('looks up, downloads, refuses a wrong confirmation, erases; staff are refused', async () => {
    const client = createPersonRecordsClient(createConsoleApi({ baseUrl: SITE, fetch: injectingFetch(test.app, owner) }));
    const held = await client.records(PERSON);
    expect(held).toMatchObject({ subject: PERSON, subscribers: [], erasable: true });
    expect(held.messages).toHaveLength(1);

    const archive = await injectingFetch(test.app, owner)(client.exportUrl(PERSON));
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    // A zip's local file header.
    expect(Buffer.from(await archive.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from('PK\u0003\u0004', 'latin1'));

    await expect(client.erase(PERSON, 'someone@example.org')).rejects.toMatchObject({ code: PERSON_RECORDS_ERROR.notConfirmed, status: 400 });
    await expect(client.records('not an address')).rejects.toMatchObject({ code: PERSON_RECORDS_ERROR.invalidSubject, status: 400 });
    await client.erase(PERSON, PERSON);
    expect(await client.records(PERSON)).toMatchObject({ messages: [], erasable: false });
    await expect(client.erase(PERSON, PERSON)).rejects.toMatchObject({ code: PERSON_RECORDS_ERROR.nothingHeld, status: 409 });

    const asStaff = createPersonRecordsClient(createConsoleApi({ baseUrl: SITE, fetch: injectingFetch(test.app, staff) }));
    const refused = await asStaff.records(PERSON).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConsoleApiError);
    expect(refused).toMatchObject({ code: CONSOLE_REFUSAL.wrongRole, status: 403 });
  });
});
