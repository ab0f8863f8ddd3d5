import type { FormDefinition, FormField, MessageKey } from '../../content/forms/index.ts';
import { captchaChallengeName, quizAnswerName } from '../../src/validation/contact-form/index.ts';
import type { CaptchaStore } from '../security/captcha-store.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';
import { messageFor } from './form-messages.ts';
import { postedText, postedValues } from './posted-data.ts';
import { isQuizAnswerCorrect } from './quiz.ts';

/*
 * The checks only the server can make, run beside the shared SWV rules: the browser can be
 * bypassed, and some answers (quiz hash, captcha) are only known here.
 * - select, checkbox, radio: every value must be one of the options (CF7's pipes and
 *   enum rule); one value for a radio or a single select, at most one for an exclusive group.
 * - quiz: the typed answer against the posted hash of the accepted answers.
 * - captcha: the typed word against the posted challenge; used up either way.
 * - file: the reasons readFeedbackRequest refused a file (too large, wrong type by content).
 */

export interface ServerCheckContext {
  form: FormDefinition;
  formData: FormData;
  fileErrors: ReadonlyMap<string, MessageKey>;
  secrets: SiteSecrets;
  captchas: CaptchaStore;
}

/** Invalid fields by name, with the message to show. */
export async function runServerChecks(context: ServerCheckContext): Promise<Map<string, string>> {
  const invalid = new Map<string, string>();
  for (const field of context.form.fields) {
    const problem = await checkField(field, context);
    if (problem !== null) invalid.set(field.name, messageFor(context.form, field, problem));
  }
  return invalid;
}

async function checkField(field: FormField, context: ServerCheckContext): Promise<MessageKey | null> {
  const { formData } = context;
  switch (field.type) {
    case 'select':
    case 'checkbox':
    case 'radio': {
      const chosen = postedValues(formData, field.name).filter((value) => typeof value !== 'string' || value !== '');
      const allowed = new Set(field.options.map((option) => option.value));
      if (chosen.some((value) => typeof value !== 'string' || !allowed.has(value))) return 'invalid_option';
      const single = field.type === 'radio' || (field.type === 'select' && field.multiple !== true);
      if (single && chosen.length > 1) return 'invalid_option';
      if (field.type === 'checkbox' && field.exclusive === true && chosen.length > 1) return 'too_many_items';
      return null;
    }
    case 'quiz': {
      const typed = postedText(formData, field.name);
      const expected = postedText(formData, quizAnswerName(field.name));
      return isQuizAnswerCorrect(field, context.secrets, typed, expected) ? null : 'quiz_answer_not_correct';
    }
    case 'captcha': {
      const challenge = postedText(formData, captchaChallengeName(field.name)).trim();
      const typed = postedText(formData, field.name);
      return (await context.captchas.check(challenge, typed)) ? null : 'captcha_not_match';
    }
    case 'file':
      return context.fileErrors.get(field.name) ?? null;
    default:
      return null;
  }
}
