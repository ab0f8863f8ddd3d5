// Some of a site's life in a console test server's SQLite database, written as the server would
// (README.md, "The dashboard"): what the console's pages then list and count.
import Database from 'better-sqlite3';
import { linkHashOf } from '../../../server/click-tracking/hit-store.ts';

/** Today's message, a subscriber confirmed and a link followed an hour ago, written as the server would. */
export async function someActivity(databaseUrl: string): Promise<void> {
  const now = new Date();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const db = new Database(databaseUrl.slice('sqlite:'.length));
  try {
    db.prepare("insert into submissions (form_id, status, posted_data, posted_data_hash, created_at, spam, meta) values ('5', 'mail_sent', '{}', 'x', ?, 0, '{}')").run(now.toISOString());
    const subscriber = db
      .prepare("insert into newsletter_subscribers (email, status, lists, attributes, dates, form_id, created_at, updated_at, confirmed_at) values ('reader@example.co.za', 'subscribed', '[2]', '{}', '{}', 1, ?, ?, ?)")
      .run(hourAgo, hourAgo, hourAgo);
    db.prepare("insert into newsletter_consents (subscriber_id, action, form_id, wording, lists, created_at) values (?, 'confirm', 1, 'I agree.', '[2]', ?)").run(subscriber.lastInsertRowid, hourAgo);
    const target = 'https://www.linkedin.com/company/lumina';
    const link = db
      .prepare("insert into click_links (post_id, page_url, target, anchor, link_hash, created_at) values (12, '', ?, 'LinkedIn', ?, ?)")
      .run(target, linkHashOf(12, '', target, 'LinkedIn'), hourAgo);
    db.prepare('insert into click_hits (link_id, clicked_at) values (?, ?)').run(link.lastInsertRowid, hourAgo);
    // Last night's backup failed (README, "Backups and restore"): the banner says so on every page.
    db.prepare("insert into backup_runs (started_at, finished_at, status, archive, bytes, error) values (?, ?, 'failed', null, null, 'ENOSPC: no space left on device, write')").run(hourAgo, hourAgo);
  } finally {
    db.close();
  }
}
