import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ACCESS_ROUTE, type RegistrationCeremony } from '../../../src/validation/console-access/console-access.protocol.ts';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { loggerOptions } from '../../../server/http/request-log.ts';
import { createSoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { api, cookieOf, enrolment, get, invite, SITE, SITE_ENV } from './console-access-fixture.ts';

/*
 * An enrolment token is a key to an account for 24 hours (README.md, "How an owner starts"): a
 * whole enrolment, as the console makes it, must leave it in no log line. The app logs as in
 * production (the request log's serializers and controller), at debug, so every line is kept.
 */
describe(`an enrolment's token in the server's log on ${testDialect}`, () => {
  const lines: string[] = [];
  let test: TestApp;
  beforeAll(async () => {
    const stream = { write: (line: string) => void lines.push(line) };
    test = await createTestApp(SITE_ENV, { logger: { ...loggerOptions('debug'), stream } });
  });
  afterAll(() => test.cleanup());

  const carrying = (token: string) => lines.filter((line) => line.includes(token));

  it('is in no line of a whole enrolment: the link read, the options, the answer, then the session', async () => {
    const token = await invite(test.app, 'new-owner@example.co.za');
    lines.length = 0;
    const about = await enrolment.read(test.app, token);
    expect(about.statusCode, about.body).toBe(200);
    const options = await enrolment.options(test.app, token);
    expect(options.statusCode, options.body).toBe(200);
    const ceremony = options.json() as RegistrationCeremony;
    const authenticator = createSoftwareAuthenticator({ origin: SITE, rpId: 'localhost' });
    const verify = await enrolment.verify(test.app, token, { ceremony: ceremony.ceremony, response: authenticator.register(ceremony.options), name: 'Laptop' });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await get(test.app, api(CONSOLE_ACCESS_ROUTE.session), cookieOf(verify))).statusCode).toBe(200);
    // The log did record these requests (the test would pass on an empty log otherwise).
    expect(lines.filter((line) => line.includes('"request completed"')).length).toBeGreaterThanOrEqual(4);
    expect(carrying(token)).toEqual([]);
  });

  it('is in no line when a page still puts it in the path (a console page loaded before the change)', async () => {
    const token = await invite(test.app, 'old-page@example.co.za', 'staff');
    lines.length = 0;
    for (const path of [`/enrolment/${token}`, `/enrolment/${token}/options`, `/enrolment/${token}/verify`]) {
      await test.app.inject({ method: path.endsWith(token) ? 'GET' : 'POST', url: `${CONSOLE_API}${path}`, headers: { origin: SITE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, ...(path.endsWith(token) ? {} : { payload: '{}' }) });
    }
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(carrying(token)).toEqual([]);
  });
});
