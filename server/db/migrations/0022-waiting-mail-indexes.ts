import { sql, type Kysely } from 'kysely';

/*
 * Mail health on every /healthz poll (README.md, "Mail health") reads the oldest waiting mail
 * and the newest waiting mail whose last try failed. The indexes of 0014 hold every row with no
 * delivery, so with a backlog (SMTP down, or a soak with no SMTP: README "Operations") each poll
 * read every waiting row, and /healthz grew slower with the backlog. These indexes hold only
 * the waiting mail, in the order each question asks: the answers are their first entries.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  // 0014's indexes held the rows without a delivery too, and a database would take them for the
  // waiting mail (an equality on NULL looks selective): now they hold only what they answer,
  // the newest delivery and the newest mail given up on.
  await sql`drop index outbox_delivered_at`.execute(db);
  await sql`drop index outbox_failed_at`.execute(db);
  await sql`create index outbox_delivered_at on outbox (delivered_at) where delivered_at is not null`.execute(db);
  await sql`create index outbox_failed_at on outbox (failed_at) where failed_at is not null`.execute(db);
  await sql`create index outbox_waiting_mail on outbox (created_at) where channel = 'mail' and delivered_at is null and failed_at is null`.execute(db);
  await sql`create index outbox_failing_mail on outbox (next_attempt_at) where channel = 'mail' and delivered_at is null and failed_at is null and last_error is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_failing_mail`.execute(db);
  await sql`drop index outbox_waiting_mail`.execute(db);
  await sql`drop index outbox_failed_at`.execute(db);
  await sql`drop index outbox_delivered_at`.execute(db);
  await sql`create index outbox_delivered_at on outbox (delivered_at)`.execute(db);
  await sql`create index outbox_failed_at on outbox (failed_at)`.execute(db);
}
