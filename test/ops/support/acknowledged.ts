import { createDatabase } from '../../../server/db/create-database.ts';
import type { RecordedAnswer } from './site-load.ts';

/*
 * Nothing acknowledged is lost (README.md, "Faults the server survives"): every message the
 * server answered mail_sent is a stored submission, every sign-up answered success a subscriber,
 * and there are at least as many stored clicks as beacons answered `true`. Read through a
 * connection of the test's own, after the load.
 */
export interface LostAcknowledged {
  messages: string[];
  signUps: string[];
  /** Beacons answered `true` beyond the hits stored (0 when none is missing). */
  beacons: number;
}

export async function lostAcknowledged(databaseUrl: string, answers: readonly RecordedAnswer[]): Promise<LostAcknowledged> {
  const db = createDatabase(databaseUrl);
  try {
    const names = new Set(
      (await db.selectFrom('submissions').select('posted_data').execute()).map((row) => String((JSON.parse(row.posted_data) as Record<string, unknown>)['your-name'] ?? '')),
    );
    const emails = new Set((await db.selectFrom('newsletter_subscribers').select('email').execute()).map((row) => row.email));
    const hits = Number((await db.selectFrom('click_hits').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
    const acknowledged = answers.filter((answer) => answer.acknowledged);
    return {
      messages: acknowledged.filter((answer) => answer.kind === 'message' && !names.has(answer.token ?? '')).map((answer) => answer.token ?? ''),
      signUps: acknowledged.filter((answer) => answer.kind === 'sign-up' && !emails.has((answer.token ?? '').toLowerCase())).map((answer) => answer.token ?? ''),
      beacons: Math.max(0, acknowledged.filter((answer) => answer.kind === 'beacon').length - hits),
    };
  } finally {
    await db.destroy();
  }
}
