/*
 * `npm run subscribers [-- --csv | --brevo-csv] [-- --status=subscribed]`: the newsletter's
 * subscribers from the database named by DATABASE_URL (the server's own setting), as a table,
 * or as CSV on stdout (`npm run -s subscribers -- --csv > subscribers.csv`): `--csv` for a
 * spreadsheet (each one's consent, lists and forms by name, times on the company's clock,
 * formula-safe cells), `--brevo-csv` for a mailing service
 * (Brevo's import columns, only subscribed people, no formula guard), the console's two exports.
 */
import type { SubscriberStatus } from '../server/db/types.ts';
import { runDatabaseCommand } from './run-database-command.ts';
import { readLiveContent } from '../server/content-editor/content-store.ts';
import { newsletterNames } from '../server/newsletter/subscriber-console.ts';
import { SUBSCRIBER_STATUSES, formatSubscribers, listSubscribers, subscribersCsvChunks, type SubscribersCsvKind } from '../server/newsletter/list-subscribers.ts';

const USAGE = `usage: npm run subscribers -- [--csv | --brevo-csv] [--status=${SUBSCRIBER_STATUSES.join('|')}]\n`;

async function main(args: readonly string[]): Promise<number> {
  let csv: SubscribersCsvKind | null = null;
  let status: SubscriberStatus | undefined;
  for (const arg of args) {
    if (arg === '--csv') csv = 'spreadsheet';
    else if (arg === '--brevo-csv') csv = 'mailing-service';
    else if (arg.startsWith('--status=')) {
      const wanted = arg.slice('--status='.length);
      status = SUBSCRIBER_STATUSES.find((candidate) => candidate === wanted);
      if (status === undefined) {
        process.stderr.write(`subscribers: unknown status ${JSON.stringify(wanted)}\n${USAGE}`);
        return 2;
      }
    } else {
      process.stderr.write(`subscribers: unknown option ${JSON.stringify(arg)}\n${USAGE}`);
      return 2;
    }
  }
  return runDatabaseCommand('subscribers', async (db, config) => {
    const filter = status === undefined ? {} : { status };
    if (csv === null) return formatSubscribers(await listSubscribers(db, filter), config.siteTimeZone);
    let text = '';
    // The lists', forms' and attributes' names as the site serves them (the console's publishes).
    const words = { names: newsletterNames((await readLiveContent(db)).newsletterForms), timeZone: config.siteTimeZone };
    for await (const chunk of subscribersCsvChunks(db, filter, csv, words)) text += chunk;
    return text;
  });
}

process.exitCode = await main(process.argv.slice(2));
