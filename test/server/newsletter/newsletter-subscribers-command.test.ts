import { afterEach, describe, expect, it } from 'vitest';
import { subscribersCsv, type SubscriberListing } from '../../../server/newsletter/list-subscribers.ts';
import { csvCell } from '../../../server/reports/csv.ts';
import { newsletterNames } from '../../../server/newsletter/subscriber-console.ts';
import { homeNewsletterForm } from '../../support/site-content.ts';
import { runScript } from '../helpers/server-process.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/test-db.ts';

/* `npm run subscribers`: the subscribers of the database in DATABASE_URL, as a table or as CSV. */

let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.cleanup();
  database = undefined;
});

const WORDING = 'I agree that Lumina Displays may send me "The Lumina Brief", by e-mail.\nI can unsubscribe at any time.';

async function seeded(): Promise<TestDatabase> {
  database = await createTestDatabase();
  const { db } = database;
  const subscriber = async (email: string, status: 'pending' | 'subscribed' | 'unsubscribed', extra: Record<string, string | null> = {}) => {
    const { id } = await db
      .insertInto('newsletter_subscribers')
      .values({
        email,
        status,
        lists: '[2,4]',
        sms: null,
        attributes: '{}',
        dates: '{}',
        form_id: 1,
        created_at: '2026-11-20T08:00:00.000Z',
        updated_at: '2026-11-20T08:00:00.000Z',
        confirmed_at: null,
        unsubscribed_at: null,
        confirmation_sent_at: null,
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('newsletter_consents')
      .values({ subscriber_id: id, action: 'subscribe', form_id: 1, wording: WORDING, lists: '[2,4]', ip_hash: null, user_agent: null, created_at: '2026-11-20T08:00:00.000Z' })
      .execute();
    return id;
  };
  await subscriber('thandi@example.co.za', 'subscribed', {
    sms: '+27825550123',
    attributes: JSON.stringify({ FIRSTNAME: '=HYPERLINK("http://evil.example","click")' }),
    dates: JSON.stringify({ PROJECT_DATE: '2027-03-05' }),
    confirmed_at: '2026-11-20T09:00:00.000Z',
  });
  await subscriber('sipho@example.co.za', 'pending', { attributes: JSON.stringify({ FIRSTNAME: 'Sipho, Jr.' }) });
  await subscriber('lerato@example.co.za', 'unsubscribed', { unsubscribed_at: '2026-11-21T10:00:00.000Z' });
  return database;
}

async function subscribers(args: string[] = []) {
  if (database === undefined) throw new Error('no database');
  const run = runScript('scripts/subscribers.ts', { DATABASE_URL: database.url }, args);
  const { code } = await run.exit;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+2', "'=1+2"],
    ['+27825550123', "'+27825550123"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t'=cmd"],
    ['Acme;=1+2', `"Acme;'=1+2"`],
    ['two\n-lines', `"two\n'-lines"`],
    ['2;4', '"2;4"'],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    ['', ''],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a header with one column per attribute and CRLF line ends', () => {
    const listing: SubscriberListing = {
      id: 1,
      email: 'a@example.co.za',
      status: 'subscribed',
      lists: [2],
      sms: null,
      attributes: { FIRSTNAME: 'A' },
      createdAt: '2026-11-20T08:00:00.000Z',
      confirmedAt: null,
      unsubscribedAt: null,
      consent: null,
    };
    const names = newsletterNames([homeNewsletterForm]);
    expect(subscribersCsv([listing], { names, timeZone: 'Africa/Johannesburg' })).toBe(
      'Email,Status,Lists,SMS,First name (FIRSTNAME),Signed up,Confirmed,Unsubscribed,Sign-up form,Consent (the words agreed to),Consent given\r\n' +
        'a@example.co.za,Subscribed,Project case studies,,A,2026-11-20 10:00,,,,,\r\n',
    );
  });
});

describe(`npm run subscribers on ${testDialect}`, () => {
  it('lists subscribers as a table', async () => {
    await seeded();
    const { code, stdout, stderr } = await subscribers();
    expect([code, stderr]).toEqual([0, '']);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^id\s+email\s+status\s+lists\s+created\s+confirmed\s+unsubscribed\s+form$/);
    // Times in SITE_TIMEZONE (default Africa/Johannesburg, UTC+2).
    expect(stdout).toMatch(/thandi@example\.co\.za\s+subscribed\s+2,4\s+2026-11-20 10:00\s+2026-11-20 11:00\s+-\s+1/);
    expect(stdout).toMatch(/lerato@example\.co\.za\s+unsubscribed/);
    expect(stdout).toContain('3 subscribers.');
  });

  it('exports RFC 4180 CSV with consent, quoting and formula neutralising (--csv), filtered by --status', async () => {
    await seeded();
    const { code, stdout, stderr } = await subscribers(['--csv']);
    expect([code, stderr]).toEqual([0, '']);
    const quotedWording = `"${WORDING.replaceAll('"', '""')}"`;
    const LISTS = 'Project case studies; Showroom open days and events';
    const FORM = homeNewsletterForm.title;
    expect(stdout).toBe(
      [
        // Lists and the form by their names, attributes by their labels, times on the company's clock (UTC+2).
        'Email,Status,Lists,SMS,First name (FIRSTNAME),When does your next display project start? (PROJECT_DATE),Signed up,Confirmed,Unsubscribed,Sign-up form,Consent (the words agreed to),Consent given',
        `thandi@example.co.za,Subscribed,"${LISTS}",'+27825550123,"'=HYPERLINK(""http://evil.example"",""click"")",2027-03-05,2026-11-20 10:00,2026-11-20 11:00,,${FORM},${quotedWording},2026-11-20 10:00`,
        `sipho@example.co.za,Waiting for confirmation,"${LISTS}",,"Sipho, Jr.",,2026-11-20 10:00,,,${FORM},${quotedWording},2026-11-20 10:00`,
        `lerato@example.co.za,Unsubscribed,"${LISTS}",,,,2026-11-20 10:00,,2026-11-21 12:00,${FORM},${quotedWording},2026-11-20 10:00`,
        '',
      ].join('\r\n'),
    );

    const only = await subscribers(['--csv', '--status=subscribed']);
    expect(only.stdout.trimEnd().split('\r\n').map((line) => line.split(',')[0])).toEqual(['Email', 'thandi@example.co.za']);
  });

  it('exports Brevo\'s import columns for a mailing service (--brevo-csv): only subscribed people, formula-safe but for the plain SMS number', async () => {
    await seeded();
    const { code, stdout, stderr } = await subscribers(['--brevo-csv']);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toBe('EMAIL,FIRSTNAME,PROJECT_DATE,SMS\r\nthandi@example.co.za,"\'=HYPERLINK(""http://evil.example"",""click"")",2027-03-05,+27825550123\r\n');
  });

  it('says so when there are none, and refuses unknown options with exit code 2', async () => {
    database = await createTestDatabase();
    expect((await subscribers()).stdout).toBe('No subscribers.\n');
    const bad = await subscribers(['--status=gone']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown status "gone"');
    expect((await subscribers(['--xml'])).code).toBe(2);
  });
});
