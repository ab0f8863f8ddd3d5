// `npm run bench:inbox`: the inbox's search over 100,000 messages (README.md, "The inbox"). Fills
// a fresh SQLite database (and, when BENCH_DATABASE_URL names a PostgreSQL, a fresh schema
// there) with realistic messages of the site's forms, some spam, some read, each with its
// mail, then times the list route through the real app (`inject`, signed in as staff) for a
// set of searches: a word, a prefix, an address, a company, with and without filters, first
// and later pages. Prints p50/p95/max per query and overall; exits 1 when any query's p95, or
// the overall p95, is 100 ms or more (ARCHITECTURE.md, "Targets").
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../server/db/dialect.ts';
import { CONSOLE_API } from '../src/validation/console/console-api.ts';
import type { Database } from '../server/db/types.ts';
import { createMessageCatalogue, projectMessage } from '../server/submissions/message-forms.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_P95_MS = 100;

// A small deterministic generator, so every run fills the same messages.
let seed = 27;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const FIRST = ['Thabo', 'Lerato', 'Sipho', 'Naledi', 'Pieter', 'Anika', 'Johan', 'Zanele', 'Kagiso', 'Ayesha', 'Mohammed', 'Priya', 'David', 'Sarah', 'Themba', 'Nomvula', 'Francois', 'Lindiwe', 'Bongani', 'Chantelle', 'Riaan', 'Palesa', 'Tshepo', 'Megan', 'Refilwe', 'Ismail', 'Karabo', 'Elize', 'Mandla', 'Yusuf'];
const LAST = ['Nkosi', 'Dlamini', 'Mokoena', 'Botha', 'van der Merwe', 'Naidoo', 'Pillay', 'Khumalo', 'Ndlovu', 'Smith', 'Pretorius', 'Mahlangu', 'Govender', 'Jacobs', 'Venter', 'Mthembu', 'Coetzee', 'Sithole', 'Adams', 'Fourie', 'Molefe', 'Petersen', 'Zulu', 'Steyn', 'Moodley'];
const COMPANY_WORDS = ['Retail', 'Signs', 'Holdings', 'Media', 'Properties', 'Logistics', 'Mining', 'Events', 'Motors', 'Foods', 'Pharmacy', 'Church', 'Stadium', 'Academy', 'Hotel', 'Casino', 'Airport', 'Municipality', 'Bank', 'Fitness'];
const PLACES = ['Sandton', 'Rosebank', 'Pretoria', 'Durban', 'Umhlanga', 'Cape Town', 'Stellenbosch', 'Gqeberha', 'Bloemfontein', 'Polokwane', 'Mbombela', 'Kimberley', 'East London', 'Rustenburg', 'George', 'Midrand', 'Centurion', 'Soweto'];
const SUBJECTS = ['LED video walls', 'Digital signage', 'Indoor and outdoor displays', 'Control rooms', 'Engineering and structural design', 'Maintenance and support', 'Something else'];
const DOMAINS = ['gmail.com', 'outlook.com', 'icloud.com', 'mweb.co.za', 'telkomsa.net', 'vodamail.co.za'];
const SENTENCES = [
  'We need a {n} x {m} m LED wall for our {place} store by March.',
  'Please quote for an outdoor screen facing the highway in {place}.',
  'Our control room in {place} needs a new video wall with {n} panels.',
  'Can an engineer visit the site in {place} next week?',
  'The scoreboard at our stadium has dead pixels in {n} modules.',
  'Looking for digital menu boards for {n} branches around {place}.',
  'We would like a maintenance contract for the displays installed last year.',
  'Is a structural certificate included for a roof-mounted billboard?',
  'What is the lead time for a {n} mm pixel pitch indoor screen?',
  'Our church wants a screen behind the stage, about {m} m wide.',
];
const SPAM = ['Cheap followers and SEO backlinks, best price', 'Crypto investment opportunity, guaranteed returns', 'Buy replica watches online today'];

function sentence(place: string): string {
  return pick(SENTENCES).replaceAll('{place}', place).replaceAll('{n}', String(2 + Math.floor(random() * 30))).replaceAll('{m}', String(2 + Math.floor(random() * 12)));
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, '');

/** Fills `count` messages: four in five the page form, the rest the side panel; one in twelve spam. */
export async function fill(db: Kysely<Database>, count: number): Promise<void> {
  const catalogue = createMessageCatalogue();
  const start = Date.parse('2024-01-01T06:00:00.000Z');
  const step = Math.floor((Date.parse('2026-11-01T00:00:00.000Z') - start) / count);
  const BATCH = 500;
  for (let done = 0; done < count; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - done) }, (_, offset) => {
      const index = done + offset;
      const first = pick(FIRST);
      const last = pick(LAST);
      const company = `${pick(LAST)} ${pick(COMPANY_WORDS)}`;
      const place = pick(PLACES);
      const email = `${slug(first)}.${slug(last)}${Math.floor(random() * 100)}@${random() < 0.5 ? `${slug(company)}.co.za` : pick(DOMAINS)}`;
      const spam = random() < 1 / 12;
      const text = spam ? pick(SPAM) : `${sentence(place)} ${sentence(place)} Regards, ${first}`;
      const sidebar = random() < 0.2;
      const posted: Record<string, string> = sidebar
        ? { ncf_name_field: `${first} ${last}`, ncf_email_field: email, ncf_company_field: company, ncf_message_field: text }
        : { 'your-name': `${first} ${last}`, 'your-email': email, 'your-phone': '082 555 0100', 'your-company': company, 'your-subject': pick(SUBJECTS), 'your-message': text, 'your-consent': '1' };
      const createdAt = new Date(start + index * step + Math.floor(random() * step)).toISOString();
      return { formId: sidebar ? 'ncf-1' : '5', posted, spam, read: !spam && random() < 0.6, createdAt, place };
    });
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('submissions')
        .values(rows.map((row) => ({
          form_id: row.formId,
          status: row.spam ? 'spam' : 'mail_sent',
          posted_data: JSON.stringify(row.posted),
          posted_data_hash: 'bench',
          remote_ip_hash: null,
          user_agent: 'bench',
          created_at: row.createdAt,
          spam: row.spam ? 1 : 0,
          spam_reason: row.spam ? 'disallowed word' : null,
          meta: JSON.stringify({ url: `https://example.co.za/${slug(row.place)}/` }),
          read_at: row.read ? row.createdAt : null,
        })))
        .returning('id')
        .execute();
      await trx.insertInto('submission_index').values(rows.map((row, i) => ({ submission_id: inserted[i]!.id, ...projectMessage(catalogue, row.formId, row.posted) }))).execute();
      const mailed = rows.map((row, i) => ({ row, id: inserted[i]!.id })).filter(({ row }) => !row.spam);
      if (mailed.length > 0) {
        await trx
          .insertInto('outbox')
          .values(mailed.map(({ row, id }) => ({ submission_id: id, to_address: 'sales@example.co.za', reply_to: null, subject: 'Website enquiry', body: 'bench', next_attempt_at: row.createdAt, last_error: null, delivered_at: row.createdAt, created_at: row.createdAt, failed_at: null, request: null, response_status: null })))
          .execute();
      }
    });
  }
}

interface Case {
  name: string;
  query: Record<string, string>;
  /** Time the page after the first (its cursor from the first). */
  secondPage?: boolean;
}

const CASES: Case[] = [
  { name: 'no search, first page', query: {} },
  { name: 'no search, second page', query: {}, secondPage: true },
  { name: 'a word', query: { q: 'scoreboard' } },
  { name: 'a word, second page', query: { q: 'scoreboard' }, secondPage: true },
  { name: 'a prefix', query: { q: 'sandt' } },
  { name: 'two words, the last a prefix', query: { q: 'video wall cent' } },
  // The addresses are one of the filled messages' ('{address}'), in part and whole.
  { name: 'an address, in part', query: { q: '{address-part}' } },
  { name: 'a whole address', query: { q: '{address}' } },
  { name: 'a company', query: { q: 'Mokoena Signs' } },
  { name: 'a rare name', query: { q: 'Chantelle Zulu' } },
  { name: 'a word, state new', query: { q: 'quote', state: 'new' } },
  { name: 'a word, form and dates', query: { q: 'stadium', form: '5', from: '2025-01-01', to: '2025-06-30' } },
  { name: 'spam only', query: { state: 'spam' } },
  { name: 'dates only, second page', query: { from: '2025-03-01', to: '2025-03-31' }, secondPage: true },
  { name: 'no match', query: { q: 'xylophone' } },
];

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function benchOn(label: string): Promise<boolean> {
  // The real app on a fresh database (the test helper: SQLite in a temporary folder, or a fresh PostgreSQL schema).
  const { createTestApp } = await import('../test/server/helpers/test-app.ts');
  const { addPerson, consoleHeaders } = await import('../test/server/helpers/console-people.ts');
  const test = await createTestApp();
  try {
    const filled = performance.now();
    await fill(test.app.db, MESSAGES);
    // PostgreSQL's planner statistics, as autovacuum gathers them after a fill like this in production.
    if (dialectOf(test.app.db) === 'postgres') await sql`analyze`.execute(test.app.db);
    process.stdout.write(`\n${label}: filled ${MESSAGES.toLocaleString('en-ZA')} messages in ${((performance.now() - filled) / 1000).toFixed(1)} s\n`);
    const staff = await addPerson(test.app, { email: 'bench@example.co.za', role: 'staff' });
    const headers = consoleHeaders(test.app, staff.cookie);
    const request = async (query: Record<string, string>) => {
      const response = await test.app.inject({ url: `${CONSOLE_API}/messages?${new URLSearchParams(query)}`, headers });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      return response.json() as { messages: unknown[]; next: string | null };
    };
    const sample = await test.app.db.selectFrom('submission_index').select('email').where('submission_id', '=', Math.floor(MESSAGES / 2)).executeTakeFirstOrThrow();
    const withAddress = (query: Record<string, string>) =>
      Object.fromEntries(Object.entries(query).map(([key, value]) => [key, value.replace('{address-part}', sample.email.split('@')[0]!).replace('{address}', sample.email)]));
    const all: number[] = [];
    const lines: string[][] = [['query', 'found', 'p50 ms', 'p95 ms', 'max ms']];
    let ok = true;
    for (const testCase of CASES) {
      let query = withAddress(testCase.query);
      if (testCase.secondPage) {
        const first = await request(query);
        if (first.next === null) throw new Error(`${testCase.name}: no second page`);
        query = { ...query, cursor: first.next };
      }
      let found = 0;
      for (let warm = 0; warm < 3; warm += 1) found = (await request(query)).messages.length;
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        await request(query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      const p95 = percentile(times, 95);
      if (p95 >= TARGET_P95_MS) ok = false;
      lines.push([testCase.name, String(found), percentile(times, 50).toFixed(1), p95.toFixed(1), times[times.length - 1]!.toFixed(1)]);
    }
    all.sort((a, b) => a - b);
    const overall = percentile(all, 95);
    if (overall >= TARGET_P95_MS) ok = false;
    lines.push(['overall', '', percentile(all, 50).toFixed(1), overall.toFixed(1), all[all.length - 1]!.toFixed(1)]);
    const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
    for (const line of lines) process.stdout.write(`${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}\n`);
    process.stdout.write(`${label}: p95 target < ${TARGET_P95_MS} ms: ${ok ? 'met' : 'MISSED'}\n`);
    return ok;
  } finally {
    await test.cleanup();
  }
}

async function main(): Promise<number> {
  delete process.env.TEST_DATABASE_URL;
  let ok = await benchOn('SQLite');
  const postgres = process.env.BENCH_DATABASE_URL?.trim();
  if (postgres) {
    // The test helper reads its database from TEST_DATABASE_URL when first imported: a fresh process for PostgreSQL.
    const { spawnSync } = await import('node:child_process');
    const child = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, '--postgres'], { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: postgres, BENCH_DATABASE_URL: '' } });
    ok = ok && child.status === 0;
  }
  return ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exitCode = process.argv.includes('--postgres') ? ((await benchOn('PostgreSQL')) ? 0 : 1) : await main();
