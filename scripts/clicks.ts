/*
 * `npm run clicks [-- --since=YYYY-MM-DD] [--until=YYYY-MM-DD] [--all] [--csv]`: the links
 * visitors followed (Track The Click), most followed first, per page, from the database named
 * by DATABASE_URL. The last 30 days by default; outside links only unless --all.
 */
import { clickReport, clickReportCsv, formatClickReport } from '../server/click-tracking/click-report.ts';
import { runDatabaseCommand } from './run-database-command.ts';

const USAGE = 'usage: npm run clicks -- [--since=YYYY-MM-DD] [--until=YYYY-MM-DD] [--all] [--csv]\n';
const DAY_MS = 24 * 3_600_000;

function dayOf(text: string): number | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? Date.parse(`${text}T00:00:00Z`) : null;
}

async function main(args: readonly string[]): Promise<number> {
  let csv = false;
  let includeOwn = false;
  let until = Date.now();
  let since: number | null = null;
  for (const arg of args) {
    const [name, value = ''] = arg.split('=', 2);
    if (arg === '--csv') csv = true;
    else if (arg === '--all') includeOwn = true;
    else if ((name === '--since' || name === '--until') && dayOf(value) !== null) {
      if (name === '--since') since = dayOf(value);
      // The whole day named.
      else until = (dayOf(value) ?? 0) + DAY_MS;
    } else {
      process.stderr.write(`clicks: unknown or malformed option ${JSON.stringify(arg)}\n${USAGE}`);
      return 2;
    }
  }
  const from = since ?? until - 30 * DAY_MS;
  return runDatabaseCommand('clicks', async (db, config) => {
    const options = { since: new Date(from).toISOString(), until: new Date(until).toISOString(), siteHostname: new URL(config.siteUrl).hostname, includeOwn };
    const rows = await clickReport(db, options);
    return csv ? clickReportCsv(rows) : formatClickReport(rows, options, config.siteTimeZone);
  });
}

process.exitCode = await main(process.argv.slice(2));
