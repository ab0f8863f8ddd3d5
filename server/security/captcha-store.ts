import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../db/types.ts';
import { canonicalizeAnswer } from './canonicalize.ts';
import type { SiteSecrets } from './site-secrets.ts';

/*
 * Image captchas as CF7 with Really Simple CAPTCHA: a random word drawn as an image, whose name
 * ends in digits the form posts back as `_wpcf7_captcha_challenge_<field>`. svg-captcha draws
 * the word as SVG paths (no font or text for a bot to read, no native image library); the
 * image and a keyed hash of the word are kept in the database, so every server behind a load
 * balancer can serve and check any captcha. A captcha expires after an hour (CF7 deletes its
 * files after an hour too) and is deleted when checked, right or wrong: single use.
 */

export const CAPTCHA_LIFETIME_MS = 60 * 60 * 1000;
/** Letters that cannot be mistaken for each other in a distorted image. */
const CAPTCHA_CHARACTERS = 'abcdefghjkmnpqrstuvwxyz23456789';
const DEFAULT_LENGTH = 4;
/** The challenge id: digits only, never a path (CF7 refuses any other prefix too). */
export const CAPTCHA_ID_PATTERN = /^[0-9]{6,16}$/;

export interface CaptchaStore {
  /** Draws and stores a new captcha; returns its id (digits). */
  create(length?: number): Promise<string>;
  /** The SVG of a live captcha, or undefined. */
  image(id: string): Promise<string | undefined>;
  /** True when `response` matches; the captcha is used up either way. */
  check(id: string, response: string): Promise<boolean>;
}

export function createCaptchaStore(db: Kysely<Database>, secrets: () => SiteSecrets, now: () => number): CaptchaStore {
  const hashOf = (word: string) => secrets().hash('wpcf7_captcha', canonicalizeAnswer(word));
  let lastSweep = 0;

  async function sweepExpired(at: number): Promise<void> {
    // At most once a minute: expired rows are harmless, only clutter.
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    await db.deleteFrom('captchas').where('expires_at', '<', new Date(at).toISOString()).execute();
  }

  return {
    async create(length = DEFAULT_LENGTH) {
      const drawn = svgCaptcha.create({
        size: length,
        charPreset: CAPTCHA_CHARACTERS,
        noise: 3,
        color: false,
        width: 40 * length,
        height: 50,
        fontSize: 48,
      });
      // 12 random digits: unguessable enough for an id that is useless without the image.
      const id = String(randomInt(1e11, 1e12));
      const at = now();
      await sweepExpired(at);
      await db
        .insertInto('captchas')
        .values({
          id,
          answer_hash: hashOf(drawn.text),
          svg: drawn.data,
          expires_at: new Date(at + CAPTCHA_LIFETIME_MS).toISOString(),
        })
        .execute();
      return id;
    },

    async image(id) {
      if (!CAPTCHA_ID_PATTERN.test(id)) return undefined;
      const row = await db
        .selectFrom('captchas')
        .select('svg')
        .where('id', '=', id)
        .where('expires_at', '>', new Date(now()).toISOString())
        .executeTakeFirst();
      return row?.svg;
    },

    async check(id, response) {
      if (!CAPTCHA_ID_PATTERN.test(id)) return false;
      // Delete-and-return in one statement: two requests racing with the same captcha cannot
      // both see it, on either database.
      const row = await db
        .deleteFrom('captchas')
        .where('id', '=', id)
        .returning(['answer_hash', 'expires_at'])
        .executeTakeFirst();
      if (row === undefined || row.expires_at <= new Date(now()).toISOString()) return false;
      return response.trim() !== '' && row.answer_hash === hashOf(response);
    },
  };
}
