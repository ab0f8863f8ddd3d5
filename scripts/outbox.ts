/*
 * `npm run outbox [-- --json]`: the mail the website has not delivered yet, from the database
 * named by DATABASE_URL (the server's own setting). Without SMTP_URL every message stays here;
 * with it, this shows what is waiting for a retry and what the worker gave up on, and why.
 */
import { formatUndelivered, listUndelivered } from '../server/mail/list-undelivered.ts';
import { runDatabaseCommand } from './run-database-command.ts';

const json = process.argv.includes('--json');
process.exitCode = await runDatabaseCommand('outbox', async (db) => {
  const mail = await listUndelivered(db);
  return json ? `${JSON.stringify(mail, null, 2)}\n` : formatUndelivered(mail);
});
