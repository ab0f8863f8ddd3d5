import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { CAPTCHA_WORD, everyFieldValues, fixCaptchaWord, refill } from './helpers/every-field-submission.ts';
import { answerOf, postFeedback } from './helpers/multipart.ts';
import { testForms } from './helpers/test-forms.ts';

let testApp: TestApp;
let clock = Date.parse('2026-03-02T08:00:00.000Z');

beforeAll(async () => {
  testApp = await createTestApp({}, { forms: testForms, now: () => clock });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

beforeEach(() => {
  fixCaptchaWord();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function submit(overrides: Record<string, string | string[]> = {}, refilled?: Awaited<ReturnType<typeof refill>>) {
  return answerOf(await postFeedback(testApp.app, 42, everyFieldValues(refilled ?? (await refill(testApp.app)), overrides)));
}

const invalid = (field: string, message: string) => ({ field, message, idref: null, error_id: `wpcf7-f42-o1-ve-${field}` });

describe(`quiz on ${testDialect}`, () => {
  it('accepts the right answer, however it is spaced or cased, and the other accepted answers', async () => {
    expect((await submit({ quiz: '7' })).status).toBe('mail_sent');
    expect((await submit({ quiz: ' Sev en ' })).status).toBe('mail_sent');
    expect((await submit({ quiz: 'ＳＥＶＥＮ' })).status).toBe('mail_sent');
  });

  it('refuses a wrong answer, an empty one and a forged hash', async () => {
    expect((await submit({ quiz: '8' })).invalid_fields).toEqual([invalid('quiz', 'The answer to the quiz is incorrect.')]);
    expect((await submit({ quiz: '' })).invalid_fields).toEqual([invalid('quiz', 'The answer to the quiz is incorrect.')]);
    // A bot that hashes its own answer without the site's secret gets nowhere.
    const forged = await submit({ quiz: 'x', _wpcf7_quiz_answer_quiz: 'f'.repeat(32) });
    expect(forged.invalid_fields).toEqual([invalid('quiz', 'The answer to the quiz is incorrect.')]);
  });
});

describe(`image captcha on ${testDialect}`, () => {
  it('accepts the word in the image, in any case', async () => {
    expect((await submit({ captcha: CAPTCHA_WORD.toUpperCase() })).status).toBe('mail_sent');
  });

  it('refuses a wrong word, and the captcha is then used up', async () => {
    const refilled = await refill(testApp.app);
    expect((await submit({ captcha: 'nope' }, refilled)).invalid_fields).toEqual([invalid('captcha', 'Your entered code is incorrect.')]);
    // The right word no longer helps: a captcha is single use, right or wrong.
    expect((await submit({}, refilled)).invalid_fields).toEqual([invalid('captcha', 'Your entered code is incorrect.')]);
  });

  it('refuses a captcha that was already used for a sent message', async () => {
    const refilled = await refill(testApp.app);
    expect((await submit({}, refilled)).status).toBe('mail_sent');
    expect((await submit({}, refilled)).invalid_fields).toEqual([invalid('captcha', 'Your entered code is incorrect.')]);
  });

  it('refuses an expired captcha, and stops serving its image', async () => {
    const refilled = await refill(testApp.app);
    const image = `/wp-content/uploads/wpcf7_captcha/${refilled.captchaChallenge}.svg`;
    expect((await testApp.app.inject({ url: image })).statusCode).toBe(200);
    clock += 61 * 60 * 1000;
    expect((await testApp.app.inject({ url: image })).statusCode).toBe(404);
    expect((await submit({}, refilled)).invalid_fields).toEqual([invalid('captcha', 'Your entered code is incorrect.')]);
  });

  it('refuses a made-up or missing challenge', async () => {
    const refilled = await refill(testApp.app);
    expect((await submit({ _wpcf7_captcha_challenge_captcha: '999999999999' }, refilled)).invalid_fields).toEqual([
      invalid('captcha', 'Your entered code is incorrect.'),
    ]);
    expect((await submit({ _wpcf7_captcha_challenge_captcha: '../../etc/passwd' }, refilled)).invalid_fields).toEqual([
      invalid('captcha', 'Your entered code is incorrect.'),
    ]);
  });

  it('keeps only a hash of the word', async () => {
    await refill(testApp.app);
    const rows = await testApp.database.db.selectFrom('captchas').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.answer_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(row.answer_hash).not.toContain(CAPTCHA_WORD);
    }
  });
});
