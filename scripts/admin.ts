/*
 * `npm run admin -- <command>`: the console's people from the server's shell (README.md, "How an
 * owner starts"), in the database named by DATABASE_URL; every change audited as "command line".
 *   invite <email> [--role owner|staff]   a single-use enrolment link valid 24 hours, printed as
 *                                         the last line (and mailed when SMTP_URL is set); the
 *                                         role defaults to owner while nobody is one, else staff.
 *                                         For someone with access it is their recovery link
 *                                         (mailed to them too, saying who asked).
 *   list                                  everyone, times in SITE_TIMEZONE
 *   revoke <email>                        ends their sessions at once (never the last owner);
 *                                         mailed to them when SMTP_URL is set
 * The logic is server/console-access/console-people.ts, which the console's routes use too.
 */
import { COMMAND_LINE_ACTOR } from '../server/console/console-audit.ts';
import { invitePerson, listPeople, revokePerson } from '../server/console-access/console-people.ts';
import type { ConsoleRole } from '../server/db/types.ts';
import { formatConsoleTime } from '../src/services/shared/console-time.ts';
import type { PersonRow } from '../src/validation/console-access/console-access.protocol.ts';
import { runDatabaseCommand } from './run-database-command.ts';

const USAGE = 'usage: npm run admin -- invite <email> [--role owner|staff] | list | revoke <email>\n';

function peopleTable(people: readonly PersonRow[], timeZone: string): string {
  if (people.length === 0) return 'Nobody has access yet. Start with: npm run admin -- invite <email>\n';
  const when = (iso: string | null) => (iso === null ? '-' : formatConsoleTime(iso, timeZone));
  const state = (person: PersonRow) => (person.revokedAt !== null ? `revoked ${when(person.revokedAt)}` : person.passkeys === 0 ? (person.invitationPending ? 'invited' : 'no passkey') : person.invitationPending ? 'active, link pending' : 'active');
  const rows = [
    ['email', 'role', 'state', 'passkeys', 'last sign-in', 'failed since'],
    ...people.map((person) => [person.email, person.role, state(person), String(person.passkeys), when(person.lastSignInAt), person.failedSignIns === 0 ? '0' : `${person.failedSignIns} (last ${when(person.lastFailedAt)})`]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return `${rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n')}\n\nTimes in ${timeZone}.\n`;
}

async function main(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) {
    return runDatabaseCommand('admin', async (db, config) => peopleTable(await listPeople(db, Date.now()), config.siteTimeZone));
  }
  if (command === 'revoke' && rest.length === 1) {
    return runDatabaseCommand('admin', async (db, config) => {
      const revoked = await revokePerson(db, { email: rest[0]! }, { by: COMMAND_LINE_ACTOR, now: Date.now(), mail: config.smtpUrl !== null });
      return `Revoked ${revoked.email}: ${revoked.sessionsEnded} session(s) ended.${revoked.mailed ? ' They are told by mail (the running server sends it).' : ''}\n`;
    });
  }
  if (command === 'invite' && (rest.length === 1 || (rest.length === 3 && rest[1] === '--role'))) {
    const role = rest[2];
    if (role !== undefined && role !== 'owner' && role !== 'staff') {
      process.stderr.write(`admin: --role must be owner or staff (got ${JSON.stringify(role)})\n`);
      return 2;
    }
    return runDatabaseCommand('admin', async (db, config) => {
      const now = Date.now();
      const chosen: ConsoleRole = role ?? ((await listPeople(db, now)).some((person) => person.role === 'owner' && person.revokedAt === null) ? 'staff' : 'owner');
      // The server's operator holds the database anyway: the command line prints a recovery link too (the console never shows one).
      const invitation = await invitePerson(db, { email: rest[0]!, role: chosen, by: COMMAND_LINE_ACTOR, now, siteUrl: config.siteUrl, mail: config.smtpUrl !== null, revealRecovery: true });
      return [
        invitation.recovery ? `${invitation.person.email} already has access as ${invitation.person.role}: this is their recovery link.` : `Invited ${invitation.person.email} as ${invitation.person.role}.`,
        `The link works once, until ${formatConsoleTime(invitation.expiresAt, config.siteTimeZone)} (${config.siteTimeZone}).`,
        invitation.mailed ? 'It is also mailed to them (the running server sends it).' : 'Send it to them yourself (SMTP_URL is not set).',
        invitation.link ?? '',
        '',
      ].join('\n');
    });
  }
  process.stderr.write(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
