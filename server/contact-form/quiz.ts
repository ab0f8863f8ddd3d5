import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FormField } from '../../content/forms/index.ts';
import { canonicalizeAnswer } from '../security/canonicalize.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';

/*
 * CF7's quiz: the form shows a random question and carries `_wpcf7_quiz_answer_<field>`, a
 * keyed hash of the canonical answer (wp_hash( $answer, 'wpcf7_quiz' )); the server hashes
 * what the visitor typed and compares. Nothing is stored. A question here may accept several
 * answers ("21", "twenty-one"): the hash names the first, and a typed answer is right when it
 * hashes to it or is another accepted answer of the question whose first answer it names.
 */

export type QuizField = Extract<FormField, { type: 'quiz' }>;

const PURPOSE = 'wpcf7_quiz';

export function quizAnswerHash(secrets: SiteSecrets, answer: string): string {
  return secrets.hash(PURPOSE, canonicalizeAnswer(answer));
}

/** `[question, answerHash]` for a randomly chosen question, the refill endpoint's shape. */
export function drawQuiz(field: QuizField, secrets: SiteSecrets): [string, string] {
  const pick = field.questions[randomInt(field.questions.length)];
  if (pick === undefined) throw new Error(`quiz ${field.name} has no questions`);
  return [pick.question, quizAnswerHash(secrets, pick.answers[0] ?? '')];
}

export function isQuizAnswerCorrect(field: QuizField, secrets: SiteSecrets, typed: string, expectedHash: string): boolean {
  const typedHash = quizAnswerHash(secrets, typed);
  if (sameHash(typedHash, expectedHash)) return true;
  const canonical = canonicalizeAnswer(typed);
  return field.questions.some(
    (question) =>
      sameHash(quizAnswerHash(secrets, question.answers[0] ?? ''), expectedHash) &&
      question.answers.some((answer) => canonicalizeAnswer(answer) === canonical),
  );
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
