import { sql, type Kysely, type Transaction } from 'kysely';
import type { RateLimit } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';

/*
 * How often the sign-up form may mail one person and one domain (README.md, "Abuse paths and
 * the limits that stop them"): confirmation mail is counted per mailbox (the address as its
 * provider delivers it: `T.a.rget+news@googlemail.com` is `target@gmail.com`) and per recipient
 * domain, whatever the subscriber's row says (pending, subscribed or unsubscribed). A mailbox
 * gets a small allowance a day, spaced out, so a visitor whose link went to spam, who
 * unsubscribed by mistake or who changes their lists the day they joined can try again, while
 * a burst of spellings of one mailbox still gets one mail. The counts live in `rate_limits` (a
 * fixed window per key, opened by its first mail), so every server on one database counts the
 * same mail, and one upsert takes a share atomically on both databases.
 */

/** At most MAILBOX_MAILS_PER_WINDOW confirmation mails per mailbox in this window… */
export const MAILBOX_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAILBOX_MAILS_PER_WINDOW = 3;
/** …and none within this time of the last one. */
export const MAILBOX_MAIL_SPACING_MS = 10 * 60 * 1000;

const MAILBOX_BUCKET = 'newsletter_mailbox';
/** A window of MAILBOX_MAIL_SPACING_MS holding one mail: opened by a mail, it keeps the next one apart. */
const MAILBOX_SPACING_BUCKET = 'newsletter_mailbox_spacing';
const DOMAIN_BUCKET = 'newsletter_domain';

/** Providers that deliver `t.a.rget@` to `target@`, and the domain they answer to. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/** The mailbox an address reaches: lower case, `+tag` dropped, dots dropped where the provider ignores them. */
export function mailboxOf(email: string): { mailbox: string; domain: string } {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  const rawDomain = lower.slice(at + 1);
  const domain = DOTLESS_DOMAINS[rawDomain] ?? rawDomain;
  let local = lower.slice(0, at).split('+')[0] ?? '';
  if (Object.hasOwn(DOTLESS_DOMAINS, rawDomain)) local = local.replaceAll('.', '');
  return { mailbox: `${local}@${domain}`, domain };
}

/** Expired counts are deleted now and then, not on every sign-up. */
const SWEEP_EVERY = 200;
let takes = 0;

/**
 * Takes one confirmation mail's share for `email` at `at`: true when the mailbox has had none
 * in MAILBOX_MAIL_SPACING_MS, fewer than MAILBOX_MAILS_PER_WINDOW in its MAILBOX_MAIL_WINDOW_MS,
 * and its domain has room (`domainLimit`, null: unlimited). A refused take spends nothing, so a
 * flood at one domain leaves each mailbox its own share.
 */
export async function takeConfirmationMailShare(
  trx: Transaction<Database>,
  secrets: Pick<SiteSecrets, 'hashAddress'>,
  email: string,
  at: number,
  domainLimit: RateLimit | null,
): Promise<boolean> {
  // Counted under keyed hashes: rate_limits never holds an address (README, "Privacy").
  const mailbox = secrets.hashAddress('mailbox', mailboxOf(email).mailbox);
  const domain = secrets.hashAddress('mail_domain', mailboxOf(email).domain);
  takes += 1;
  if (takes % SWEEP_EVERY === 0) await sweep(trx, at, domainLimit);
  const shares: [bucket: string, key: string, limit: RateLimit | null][] = [
    [MAILBOX_SPACING_BUCKET, mailbox, { max: 1, windowMs: MAILBOX_MAIL_SPACING_MS }],
    [MAILBOX_BUCKET, mailbox, { max: MAILBOX_MAILS_PER_WINDOW, windowMs: MAILBOX_MAIL_WINDOW_MS }],
    [DOMAIN_BUCKET, domain, domainLimit],
  ];
  const taken: (readonly [string, string])[] = [];
  for (const [bucket, key, limit] of shares) {
    if (limit === null) continue;
    if (!(await take(trx, bucket, key, at, limit))) {
      // One is full: give back what the others took (their rows are locked by this transaction).
      for (const [takenBucket, takenKey] of taken) await giveBack(trx, takenBucket, takenKey);
      return false;
    }
    taken.push([bucket, key]);
  }
  return true;
}

/** One count in `bucket` for `key`, only while the window has room: true when counted. */
async function take(trx: Transaction<Database>, bucket: string, key: string, at: number, limit: RateLimit): Promise<boolean> {
  const expired = sql<boolean>`rate_limits.window_start + ${limit.windowMs} <= ${at}`;
  const row = await trx
    .insertInto('rate_limits')
    .values({ bucket, key, window_start: at, count: 1, expires_at: at + limit.windowMs })
    .onConflict((conflict) =>
      conflict
        .columns(['bucket', 'key'])
        .doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
          window_start: sql<number>`case when ${expired} then ${at} else rate_limits.window_start end`,
          expires_at: sql<number>`case when ${expired} then ${at + limit.windowMs} else rate_limits.expires_at end`,
        })
        .where((eb) => eb.or([expired, eb('rate_limits.count', '<', limit.max)])),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

/** Undoes one take; a count back at 0 is deleted, so the next mail opens its own window. */
async function giveBack(trx: Transaction<Database>, bucket: string, key: string): Promise<void> {
  await trx
    .updateTable('rate_limits')
    .set({ count: sql<number>`rate_limits.count - 1` })
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .execute();
  await trx.deleteFrom('rate_limits').where('bucket', '=', bucket).where('key', '=', key).where('count', '<=', 0).execute();
}

async function sweep(db: Kysely<Database>, at: number, domainLimit: RateLimit | null): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', MAILBOX_BUCKET).where('window_start', '<=', at - MAILBOX_MAIL_WINDOW_MS).execute();
  await db.deleteFrom('rate_limits').where('bucket', '=', MAILBOX_SPACING_BUCKET).where('window_start', '<=', at - MAILBOX_MAIL_SPACING_MS).execute();
  await db
    .deleteFrom('rate_limits')
    .where('bucket', '=', DOMAIN_BUCKET)
    .where('window_start', '<=', at - (domainLimit?.windowMs ?? 0))
    .execute();
}
