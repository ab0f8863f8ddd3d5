import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';

/*
 * The sidebar form's human test, "a + b = ?" with a and b from 1 to 9. The plugin made up the
 * numbers in the browser and checked the answer there only, so a bot posting straight to
 * admin-ajax.php skipped it. Here the server makes the question: it hands out a challenge, the
 * numbers and an expiry signed with the site secret (so any server behind a load balancer can
 * check it, and nothing is stored yet), and accepts an answer only with a challenge that is
 * genuine, unexpired and not used before: the first answer spends it, right or wrong.
 */

export const HUMAN_TEST_LIFETIME_MS = 30 * 60 * 1000;
const PURPOSE = 'ncf_human_test';
const ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export interface HumanTestQuestion {
  /** "3 + 4 = ?", as the plugin printed it. */
  question: string;
  a: number;
  b: number;
  /** What the form posts back as ncf_challenge. */
  challenge: string;
  /** When the challenge stops being accepted (ISO 8601). */
  expiresAt: string;
}

export type ChallengeReading =
  | { valid: true; id: string; sum: number; expiresAt: number }
  | { valid: false; reason: 'missing' | 'malformed' | 'forged' | 'expired' };

export function issueHumanTest(secrets: SiteSecrets, now: number): HumanTestQuestion {
  const a = randomInt(1, 10);
  const b = randomInt(1, 10);
  const id = randomBytes(12).toString('base64url');
  const expiresAt = now + HUMAN_TEST_LIFETIME_MS;
  const payload = `${id}.${a}.${b}.${expiresAt}`;
  return {
    question: `${a} + ${b} = ?`,
    a,
    b,
    challenge: `${payload}.${secrets.hash(PURPOSE, payload)}`,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}

export function readHumanTest(secrets: SiteSecrets, challenge: string, now: number): ChallengeReading {
  if (challenge === '') return { valid: false, reason: 'missing' };
  const parts = challenge.split('.');
  if (parts.length !== 5) return { valid: false, reason: 'malformed' };
  const [id = '', a = '', b = '', expires = '', signature = ''] = parts;
  if (!ID_PATTERN.test(id) || !/^[1-9]$/.test(a) || !/^[1-9]$/.test(b) || !/^\d{1,15}$/.test(expires)) return { valid: false, reason: 'malformed' };
  const expected = Buffer.from(secrets.hash(PURPOSE, `${id}.${a}.${b}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { valid: false, reason: 'forged' };
  const expiresAt = Number(expires);
  if (expiresAt <= now) return { valid: false, reason: 'expired' };
  return { valid: true, id, sum: Number(a) + Number(b), expiresAt };
}

export interface HumanTestLedger {
  /** Records the challenge as answered; false when it was answered before (a replay). */
  spend(id: string, expiresAt: number): Promise<boolean>;
}

export function createHumanTestLedger(db: Kysely<Database>, now: () => number): HumanTestLedger {
  let lastSweep = 0;
  return {
    async spend(id, expiresAt) {
      const at = now();
      // At most once a minute: rows of expired challenges are only clutter (expiry refuses them).
      if (at - lastSweep >= 60_000) {
        lastSweep = at;
        await db.deleteFrom('human_test_spent').where('expires_at', '<', new Date(at).toISOString()).execute();
      }
      const inserted = await db
        .insertInto('human_test_spent')
        .values({ id, expires_at: new Date(expiresAt).toISOString() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
  };
}
