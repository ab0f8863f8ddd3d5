import type { FormDefinition } from '../../content/forms/index.ts';
import type { CaptchaStore } from '../security/captcha-store.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';
import { drawQuiz } from './quiz.ts';

/*
 * CF7's refill (`wpcf7_refill_response`, also merged into every feedback answer): a fresh
 * captcha image URL per captcha field, whose name ends in the challenge digits the browser
 * posts back, and a fresh `[question, answerHash]` per quiz field. Absent keys: the form has
 * no such field.
 */

export const CAPTCHA_IMAGE_PATH = '/wp-content/uploads/wpcf7_captcha';

export interface Refill {
  captcha?: Record<string, string>;
  quiz?: Record<string, [string, string]>;
}

export async function buildRefill(
  form: FormDefinition,
  services: { captchas: CaptchaStore; secrets: SiteSecrets; origin: string },
): Promise<Refill> {
  const refill: Refill = {};
  for (const field of form.fields) {
    if (field.type === 'captcha') {
      const id = await services.captchas.create(field.length);
      (refill.captcha ??= {})[field.name] = `${services.origin}${CAPTCHA_IMAGE_PATH}/${id}.svg`;
    } else if (field.type === 'quiz') {
      (refill.quiz ??= {})[field.name] = drawQuiz(field, services.secrets);
    }
  }
  return refill;
}

export function hasRefillFields(form: FormDefinition): boolean {
  return form.fields.some((field) => field.type === 'captcha' || field.type === 'quiz');
}
