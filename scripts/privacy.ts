/*
 * `npm run privacy -- export <email|sms> [--out <file>]` and `npm run privacy -- erase
 * <email|sms> --yes`: an access request and an erasure from the command line (README,
 * "Privacy"), the console's privacy page's two actions on the database named by DATABASE_URL,
 * audited as "command line". The archive's default name is the day's, never the address.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseSubject, SubjectMessage } from '../src/validation/privacy/person-records.protocol.ts';
import { COMMAND_LINE_ACTOR, recordAudit } from '../server/console/console-audit.ts';
import { brevoListsOf } from '../server/newsletter/brevo-sync.ts';
import { erasePersonRecords, findPersonRecords, recordsSummary } from '../server/privacy/person-records.ts';
import { recordsArchive } from '../server/privacy/records-archive.ts';
import { createMessageCatalogue } from '../server/submissions/message-forms.ts';
import { runDatabaseCommand } from './run-database-command.ts';
import { formsOf } from '../content/forms/index.ts';
import { readLiveContent } from '../server/content-editor/content-store.ts';
import { newsletterNames } from '../server/newsletter/subscriber-console.ts';

const USAGE = 'usage: npm run privacy -- export <email|sms> [--out <file>]\n       npm run privacy -- erase <email|sms> --yes\n';

async function main(args: readonly string[]): Promise<number> {
  const [action, who, ...options] = args;
  if ((action !== 'export' && action !== 'erase') || who === undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  const subject = parseSubject(who);
  if (subject === null) {
    process.stderr.write(`privacy: ${SubjectMessage}\n`);
    return 2;
  }
  let out: string | null = null;
  let yes = false;
  for (let index = 0; index < options.length; index += 1) {
    const option = options[index];
    if (option === '--yes' && action === 'erase') yes = true;
    else if (option === '--out' && action === 'export' && options[index + 1] !== undefined) out = options[(index += 1)]!;
    else {
      process.stderr.write(`privacy: unknown option ${JSON.stringify(option)}\n${USAGE}`);
      return 2;
    }
  }
  if (action === 'erase' && !yes) {
    process.stderr.write('privacy: an erasure cannot be undone; add --yes to erase everything held about this address or number\n');
    return 2;
  }
  return runDatabaseCommand('privacy', async (db, config) => {
    const now = Date.now();
    if (action === 'erase') {
      const { erased, brevoQueued } = await erasePersonRecords(db, subject, { actor: COMMAND_LINE_ACTOR, brevo: brevoListsOf(config), uploadDir: config.uploadDir, now });
      if (!erased) throw new Error('nothing that can be erased is held about this address or number');
      return `erased${brevoQueued ? '; the contact is queued for deletion in Brevo (the server sends it)' : ''}\n`;
    }
    const held = await findPersonRecords(db, subject);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: config.siteTimeZone }).format(now);
    const file = out ?? `access-request-${day}.zip`;
    // The forms, lists and company as the site serves them (the console's publishes), for the archive's readable page.
    const live = await readLiveContent(db);
    const words = { catalogue: createMessageCatalogue(formsOf(live), live.sidebarContact), newsletter: newsletterNames(live.newsletterForms), timeZone: config.siteTimeZone, company: live.company.name };
    await pipeline(await recordsArchive(held, config.uploadDir, new Date(now).toISOString(), words), createWriteStream(file, { mode: 0o600, flags: 'wx' }));
    await recordAudit(db, COMMAND_LINE_ACTOR, { action: 'access-export', subject: 'a person', detail: { messages: held.messages.length, subscribers: held.subscribers.length }, now });
    const summary = recordsSummary(held, words.catalogue);
    return `${file}: ${summary.messages.length} message(s), ${summary.subscribers.length} subscriber(s), ${summary.outbox} outbox row(s)${summary.mentionedIn.length > 0 ? `, mentioned in ${summary.mentionedIn.length} message(s) of others (not exported: review them)` : ''}${summary.consoleAccount ? ', a console account (remove it with npm run admin -- revoke)' : ''}\n`;
  });
}

process.exitCode = await main(process.argv.slice(2));
