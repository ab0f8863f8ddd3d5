/*
 * `npm run submissions -- <option>`: the site owner's view of stored contact form submissions,
 * in the database named by DATABASE_URL.
 *   --spam            lists submissions held as spam (reCAPTCHA failures included), with why
 *   --release <id>    sends on one that was held wrongly: its mail goes to the outbox, and the
 *                     running server's worker delivers it
 *   --purge-uploads   deletes uploaded files older than UPLOAD_RETAIN_DAYS (not those of mail
 *                     still waiting to be sent) and files no submission references
 */
import { findFormIn } from '../content/forms/index.ts';
import { readLiveContent } from '../server/content-editor/content-store.ts';
import { listSpam, purgeUploads, type SpamItem } from '../server/contact-form/submissions-admin.ts';
import { spamReleaser } from '../server/spam-release.ts';
import { formatSiteTime } from '../src/validation/shared/site-time.ts';
import { runDatabaseCommand } from './run-database-command.ts';

const USAGE = 'usage: npm run submissions -- --spam | --release <id> | --purge-uploads\n';

function spamTable(items: readonly SpamItem[], timeZone: string): string {
  if (items.length === 0) return 'No submissions are held as spam.\n';
  const rows = [['id', 'received', 'form', 'from', 'reason', 'message'], ...items.map((item) => [String(item.id), formatSiteTime(item.receivedAt, timeZone, { seconds: true }), item.formId, item.from, item.reason, item.excerpt])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
  return `${lines.join('\n')}\n\n${items.length} held as spam. Send one on with: npm run submissions -- --release <id>\n`;
}

async function main(args: readonly string[]): Promise<number> {
  // The forms as the site serves them: the live content (the console's publishes), not the repository's.
  const formsOf = async (db: Parameters<typeof readLiveContent>[0]) => {
    const content = await readLiveContent(db);
    return { content, findForm: (id: number) => findFormIn(content, id) };
  };
  const [option, value, ...rest] = args;
  if (rest.length > 0 || option === undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (option === '--spam' && value === undefined) return runDatabaseCommand('submissions', async (db, config) => spamTable(await listSpam(db, (await formsOf(db)).findForm), config.siteTimeZone));
  if (option === '--release' && value !== undefined && /^\d+$/.test(value)) {
    return runDatabaseCommand('submissions', async (db, config) => {
      const { content, findForm } = await formsOf(db);
      await spamReleaser({ findForm, sidebarContact: () => content.sidebarContact, siteName: () => content.company.name, mailTo: config.mailTo })(db, Number(value), Date.now());
      return `Submission ${value} released: its mail is in the outbox (npm run outbox).\n`;
    });
  }
  if (option === '--purge-uploads' && value === undefined) {
    return runDatabaseCommand('submissions', async (db, config) => {
      const result = await purgeUploads(db, config.uploadDir, { retainMs: config.uploadRetainDays * 24 * 3_600_000, now: Date.now() });
      return `Deleted ${result.expired} uploaded files older than ${config.uploadRetainDays} days and ${result.orphans} that no submission referenced.\n`;
    });
  }
  process.stderr.write(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
