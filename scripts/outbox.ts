/*
 * `npm run outbox [-- --json]`: the mail the website has not delivered yet, from the database
 * named by DATABASE_URL (the server's own setting). Without SMTP_URL every message stays here;
 * with it, this shows what is waiting for a retry and what the worker gave up on, and why.
 */
import { ConfigError, loadConfig } from '../server/config.ts';
import { createDatabase } from '../server/db/create-database.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { formatUndelivered, listUndelivered } from '../server/mail/list-undelivered.ts';

async function main(): Promise<number> {
  const json = process.argv.includes('--json');
  let databaseUrl: string;
  try {
    databaseUrl = loadConfig(process.env).databaseUrl;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const db = createDatabase(databaseUrl);
  try {
    // A fresh database has no tables yet; the server would create them on start anyway.
    await runMigrations(db);
    const mail = await listUndelivered(db);
    process.stdout.write(json ? `${JSON.stringify(mail, null, 2)}\n` : formatUndelivered(mail));
    return 0;
  } catch (error) {
    process.stderr.write(`outbox: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
