/*
 * `npm run subscribers [-- --csv] [-- --status=subscribed]`: the newsletter's subscribers from
 * the database named by DATABASE_URL (the server's own setting), as a table, or as CSV on
 * stdout (`npm run -s subscribers -- --csv > subscribers.csv`) with each one's consent.
 */
import type { SubscriberStatus } from '../server/db/types.ts';
import { runDatabaseCommand } from './run-database-command.ts';
import { SUBSCRIBER_STATUSES, formatSubscribers, listSubscribers, subscribersCsv } from '../server/newsletter/list-subscribers.ts';

const USAGE = `usage: npm run subscribers -- [--csv] [--status=${SUBSCRIBER_STATUSES.join('|')}]\n`;

async function main(args: readonly string[]): Promise<number> {
  let csv = false;
  let status: SubscriberStatus | undefined;
  for (const arg of args) {
    if (arg === '--csv') csv = true;
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
    const subscribers = await listSubscribers(db, status);
    return csv ? subscribersCsv(subscribers) : formatSubscribers(subscribers, config.siteTimeZone);
  });
}

process.exitCode = await main(process.argv.slice(2));
