/*
 * `npm run outbox [-- --json]`: the mail (and the forms' requests to outside APIs, `to` being
 * their host) the website has not delivered yet, from the database
 * named by DATABASE_URL (the server's own setting). Without SMTP_URL every message stays here;
 * with it, this shows what is waiting for a retry and what was held as failed, and why.
 * `npm run outbox -- --retry <id>` (or `--retry --all`) puts held mail back in the queue: the
 * running server's worker sends it on its next round.
 */
import { retryHeldMessages } from '../server/mail/claim-outbox.ts';
import { formatUndelivered, listUndelivered } from '../server/mail/list-undelivered.ts';
import { runDatabaseCommand } from './run-database-command.ts';

const args = process.argv.slice(2);
const json = args.includes('--json');
const retryAt = args.indexOf('--retry');

/** `--retry 12` → 12, `--retry --all` → 'all'; anything else is a usage error. */
function retryTarget(): number | 'all' | null {
  if (retryAt === -1) return null;
  const value = args[retryAt + 1];
  if (value === '--all') return 'all';
  if (value !== undefined && /^\d+$/.test(value)) return Number(value);
  throw new Error('--retry takes a message id (npm run outbox -- --retry 12) or --all');
}

process.exitCode = await runDatabaseCommand('outbox', async (db, config) => {
  const target = retryTarget();
  if (target !== null) {
    const count = await retryHeldMessages(db, target, Date.now());
    if (count === 0) throw new Error(target === 'all' ? 'no mail is held as failed' : `message ${target} is not held as failed`);
    return `${count} ${count === 1 ? 'message' : 'messages'} put back in the queue.\n`;
  }
  const mail = await listUndelivered(db);
  return json ? `${JSON.stringify(mail, null, 2)}\n` : formatUndelivered(mail, config.siteTimeZone);
});
