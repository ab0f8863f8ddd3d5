import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkHashOf } from '../../../server/click-tracking/hit-store.ts';
import { messagesThisAndLastWeek } from '../../../server/reports/message-statistics.ts';
import { subscribersPerWeek } from '../../../server/reports/subscriber-statistics.ts';
import { weekStartOf } from '../../../server/reports/site-weeks.ts';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { DASHBOARD_ROUTE, DashboardStruct, type Dashboard } from '../../../src/validation/dashboard/dashboard.protocol.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

// The console's dashboard (server/dashboard/dashboard.route.ts and its queries in
// server/reports/): weeks start on Monday in SITE_TIMEZONE (Africa/Johannesburg, UTC+2 all
// year), so late Sunday evening in Johannesburg is still the old week although it is the same
// UTC day as the new week's first hours.

const JOHANNESBURG = 'Africa/Johannesburg';
// Sunday 29 Nov 2026, 23:30 in Johannesburg (21:30 UTC): the week of Monday 23 Nov.
const SUNDAY_NIGHT = Date.parse('2026-11-29T21:30:00.000Z');
// Monday 30 Nov 2026, 00:30 in Johannesburg (still Sunday 22:30 UTC): a new week.
const MONDAY_MORNING = Date.parse('2026-11-29T22:30:00.000Z');
let clock = SUNDAY_NIGHT;
let test: TestApp;
let owner: TestPerson;
let staff: TestPerson;

async function message(createdAt: string, spam = false) {
  await test.app.db
    .insertInto('submissions')
    .values({ form_id: '5', status: spam ? 'spam' : 'mail_sent', posted_data: '{}', posted_data_hash: createdAt, remote_ip_hash: null, user_agent: null, created_at: createdAt, spam: spam ? 1 : 0, meta: '{}' })
    .execute();
}

/** A subscriber with its consent record (`[action, at]`), or without one (its row's dates only). */
async function subscriber(email: string, consents: Array<['subscribe' | 'confirm' | 'unsubscribe', string]>, row: { confirmed_at?: string; unsubscribed_at?: string } = {}) {
  const { id } = await test.app.db
    .insertInto('newsletter_subscribers')
    .values({
      email,
      status: 'subscribed',
      lists: '[2]',
      sms: null,
      attributes: '{}',
      dates: '{}',
      form_id: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      confirmed_at: row.confirmed_at ?? null,
      unsubscribed_at: row.unsubscribed_at ?? null,
      confirmation_sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [action, at] of consents) {
    await test.app.db.insertInto('newsletter_consents').values({ subscriber_id: id, action, form_id: 1, wording: 'I agree.', lists: '[2]', ip_hash: null, user_agent: null, created_at: at }).execute();
  }
}

async function link(target: string, anchor: string, clicks: number, at = '2026-11-20T08:00:00.000Z') {
  const { id } = await test.app.db
    .insertInto('click_links')
    .values({ post_id: 12, page_url: '', target, anchor, link_hash: linkHashOf(12, '', target, anchor), created_at: '2026-08-01T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await test.app.db.insertInto('click_hits').values(Array.from({ length: clicks }, () => ({ link_id: id, clicked_at: at }))).execute();
}

beforeAll(async () => {
  test = await createTestApp({ SITE_TIMEZONE: JOHANNESBURG }, { now: () => clock });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });

  await message('2026-11-15T21:59:00.000Z'); // Sun 15 Nov 23:59: before last week
  await message('2026-11-15T22:30:00.000Z'); // Mon 16 Nov 00:30: last week's Monday
  await message('2026-11-22T21:30:00.000Z'); // Sun 22 Nov 23:30: last week's Sunday
  await message('2026-11-22T22:30:00.000Z'); // Mon 23 Nov 00:30: this week's Monday (a UTC Sunday)
  await message('2026-11-25T09:00:00.000Z'); // Wed 25 Nov
  await message('2026-11-25T10:00:00.000Z', true); // spam: not counted
  await message('2026-11-29T21:00:00.000Z'); // Sun 29 Nov 23:00: this week's Sunday

  await subscriber('a@example.co.za', [['subscribe', '2026-07-31T10:00:00.000Z'], ['confirm', '2026-08-01T10:00:00.000Z']]);
  await subscriber('b@example.co.za', [['confirm', '2026-08-02T10:00:00.000Z'], ['unsubscribe', '2026-11-22T22:30:00.000Z']]);
  await subscriber('pending@example.co.za', [['subscribe', '2026-11-24T10:00:00.000Z']]);
  // Confirmed late on Sunday 22 Nov (Johannesburg), then a change of lists confirmed: one sign-up.
  await subscriber('d@example.co.za', [['confirm', '2026-11-22T21:30:00.000Z'], ['subscribe', '2026-11-25T10:00:00.000Z'], ['confirm', '2026-11-25T11:00:00.000Z']]);
  // From before the consent record: its row's confirmed_at.
  await subscriber('e@example.co.za', [], { confirmed_at: '2026-10-06T10:00:00.000Z' });
  // An unsubscribe of someone never confirmed is no loss.
  await subscriber('f@example.co.za', [['subscribe', '2026-10-06T10:00:00.000Z'], ['unsubscribe', '2026-10-07T10:00:00.000Z']]);
  // Subscribed, unsubscribed, subscribed again.
  await subscriber('g@example.co.za', [['confirm', '2026-09-10T10:00:00.000Z'], ['unsubscribe', '2026-09-20T10:00:00.000Z'], ['confirm', '2026-10-01T10:00:00.000Z']]);

  for (const [index, clicks] of [7, 6, 5, 4, 3, 2].entries()) await link(`https://example.com/${index}`, `Link ${index}`, clicks);
  await link('https://example.com/old', 'Old', 50, '2026-10-01T08:00:00.000Z'); // over 30 days ago
});
afterAll(() => test.cleanup());

async function dashboard(person: TestPerson = staff): Promise<Dashboard> {
  const response = await test.app.inject({ url: `${CONSOLE_API}${DASHBOARD_ROUTE.dashboard}`, headers: consoleHeaders(test.app, person.cookie) });
  expect(response.statusCode, response.body).toBe(200);
  expect(is(response.json(), DashboardStruct)).toBe(true);
  return response.json();
}

describe(`the dashboard on ${testDialect}`, () => {
  it('names the Monday of a day', () => {
    expect(['2026-11-23', '2026-11-25', '2026-11-29'].map(weekStartOf)).toEqual(['2026-11-23', '2026-11-23', '2026-11-23']);
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
    expect(weekStartOf('2027-01-03')).toBe('2026-12-28');
  });

  it('counts messages per company day of this week and last week, Sunday night in Johannesburg still the old week', async () => {
    const { thisWeek, lastWeek } = await messagesThisAndLastWeek(test.app.db, SUNDAY_NIGHT, JOHANNESBURG);
    expect(thisWeek.weekStart).toBe('2026-11-23');
    expect(thisWeek.days.map((day) => day.count)).toEqual([1, 0, 1, 0, 0, 0, 1]);
    expect(thisWeek.days.map((day) => day.day)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(thisWeek.total).toBe(3);
    expect(lastWeek).toMatchObject({ weekStart: '2026-11-16', total: 2 });
    expect(lastWeek.days.map((day) => day.count)).toEqual([1, 0, 0, 0, 0, 0, 1]);
  });

  it('starts a new week at midnight on Monday in Johannesburg, while it is still Sunday in UTC', async () => {
    const { thisWeek, lastWeek } = await messagesThisAndLastWeek(test.app.db, MONDAY_MORNING, JOHANNESBURG);
    expect(thisWeek).toMatchObject({ weekStart: '2026-11-30', total: 0 });
    expect(lastWeek).toMatchObject({ weekStart: '2026-11-23', total: 3 });
    // Counted in UTC instead, Monday 00:30 in Johannesburg would be last week's Sunday.
    const utc = await messagesThisAndLastWeek(test.app.db, MONDAY_MORNING, 'UTC');
    expect(utc.thisWeek.weekStart).toBe('2026-11-23');
    expect(utc.thisWeek.days.map((day) => day.count)).toEqual([0, 0, 1, 0, 0, 0, 1]);
    expect(utc.lastWeek.days.map((day) => day.count)).toEqual([0, 0, 0, 0, 0, 0, 2]);
  });

  it('follows subscribers week by week: subscribed at each week end, sign-ups and unsubscribes', async () => {
    const weeks = await subscribersPerWeek(test.app.db, SUNDAY_NIGHT, JOHANNESBURG, 12);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.weekStart).toBe('2026-09-07');
    expect(weeks.at(-1)!.weekStart).toBe('2026-11-23');
    expect(weeks.map((week) => [week.weekStart, week.subscribed, week.signedUp, week.unsubscribed])).toEqual([
      ['2026-09-07', 3, 1, 0],
      ['2026-09-14', 2, 0, 1],
      ['2026-09-21', 2, 0, 0],
      ['2026-09-28', 3, 1, 0],
      ['2026-10-05', 4, 1, 0],
      ['2026-10-12', 4, 0, 0],
      ['2026-10-19', 4, 0, 0],
      ['2026-10-26', 4, 0, 0],
      ['2026-11-02', 4, 0, 0],
      ['2026-11-09', 4, 0, 0],
      // d confirmed on Sunday 22 Nov at 23:30 in Johannesburg: this week, not next.
      ['2026-11-16', 5, 1, 0],
      // b unsubscribed on Monday 23 Nov at 00:30 in Johannesburg (Sunday in UTC).
      ['2026-11-23', 4, 0, 1],
    ]);
  });

  it('answers the four tiles to staff and the owner: messages, subscribers, the five most followed links of 30 days, mail health', async () => {
    clock = SUNDAY_NIGHT;
    for (const person of [staff, owner]) {
      const body = await dashboard(person);
      expect(body.today).toBe('2026-11-29');
      expect(body.messages.thisWeek.total).toBe(3);
      expect(body.messages.lastWeek.total).toBe(2);
      expect(body.subscribers).toHaveLength(12);
      expect(body.subscribers.at(-1)).toEqual({ weekStart: '2026-11-23', subscribed: 4, signedUp: 0, unsubscribed: 1 });
      expect(body.links).toEqual({
        from: '2026-10-31',
        to: '2026-11-29',
        top: [0, 1, 2, 3, 4].map((index) => ({ target: `https://example.com/${index}`, anchor: `Link ${index}`, clicks: 7 - index })),
      });
      // No SMTP_URL here: the dashboard says mail is not set up, as the banner and /healthz do (it said "ok" before).
      expect(body.mailHealth).toEqual({ state: 'notConfigured', variable: 'SMTP_URL', companyAddressSet: false, backlog: { waiting: 0, oldestWaitingSince: null, held: 0 } });
    }
  });

  it('refuses what every console route refuses', async () => {
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}${DASHBOARD_ROUTE.dashboard}`, role: 'staff' }, { owner, staff });
  });
});
