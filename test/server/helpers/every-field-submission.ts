import type { FastifyInstance } from 'fastify';
import svgCaptcha from 'svg-captcha';
import { vi } from 'vitest';

/*
 * Filling in the every-field test form (id 42) as a browser would after a refill: the quiz
 * answer hash and the captcha challenge come from GET …/refill. The captcha's word is fixed
 * by stubbing the drawing library, the only way a test can "read" the image.
 */

export const CAPTCHA_WORD = 'kx7m';

export function fixCaptchaWord(word: string = CAPTCHA_WORD): void {
  vi.spyOn(svgCaptcha, 'create').mockReturnValue({ text: word, data: `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>` });
}

export interface Refilled {
  quizHash: string;
  captchaChallenge: string;
}

export async function refill(app: FastifyInstance): Promise<Refilled> {
  const response = await app.inject({ url: '/wp-json/contact-form-7/v1/contact-forms/42/refill' });
  const body = response.json<{ captcha: { captcha: string }; quiz: { quiz: [string, string] } }>();
  const challenge = /(\d+)\.svg$/.exec(body.captcha.captcha)?.[1];
  if (challenge === undefined) throw new Error(`no captcha id in ${body.captcha.captcha}`);
  return { quizHash: body.quiz.quiz[1], captchaChallenge: challenge };
}

export function everyFieldValues(refilled: Refilled, overrides: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  return {
    _wpcf7: '42',
    _wpcf7_unit_tag: 'wpcf7-f42-o1',
    name: 'Sipho Dlamini',
    email: 'sipho@example.co.za',
    screens: '3',
    'topic[]': ['Video walls'],
    budget: 'Small',
    quiz: '7',
    _wpcf7_quiz_answer_quiz: refilled.quizHash,
    captcha: CAPTCHA_WORD,
    _wpcf7_captcha_challenge_captcha: refilled.captchaChallenge,
    terms: '1',
    ...overrides,
  };
}
