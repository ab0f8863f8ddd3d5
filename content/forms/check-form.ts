// Checks of a form definition that its struct cannot express: names and option values are
// unique, limits are in order, the mail template names real fields. Run at build by
// content/validate-content.ts; each problem names the field path, like the struct checks:
//   content/documents/contact-form.json: fields[3].options[2].value: Give each option its own value…
import type { FormDefinition, FormField } from '../structs/form.struct.ts';
import { checkFormActions } from './check-form-actions.ts';

export interface FormProblem {
  path: string;
  message: string;
}

/** Indexes of items whose key is used by an earlier item too (every repeat, not the first). */
function repeatedIndexes(keys: readonly string[]): number[] {
  return keys.flatMap((key, index) => (keys.indexOf(key) !== index ? [index] : []));
}

/** "min ≤ max" for a pair of optional limits. */
function limitsInOrder(at: string, low: [string, number | string | undefined], high: [string, number | string | undefined]): FormProblem[] {
  const [lowName, lowValue] = low;
  const [highName, highValue] = high;
  if (lowValue === undefined || highValue === undefined || lowValue <= highValue) return [];
  return [{ path: `${at}.${lowName}`, message: `Make ${lowName} (${lowValue}) at most ${highName} (${highValue}).` }];
}

function checkField(field: FormField, at: string): FormProblem[] {
  switch (field.type) {
    case 'text':
    case 'email':
    case 'url':
    case 'tel':
    case 'textarea':
      return limitsInOrder(at, ['minLength', field.minLength], ['maxLength', field.maxLength]);
    case 'number':
      return [
        ...limitsInOrder(at, ['min', field.min], ['max', field.max]),
        ...(field.step !== undefined && !(field.step > 0) ? [{ path: `${at}.step`, message: `Use a step above 0: ${field.step} is not.` }] : []),
      ];
    case 'date':
      // The struct has checked both are real YYYY-MM-DD dates, which compare as text.
      return limitsInOrder(at, ['min', field.min], ['max', field.max]);
    case 'select':
    case 'checkbox':
    case 'radio': {
      const values = field.options.map((option) => option.value);
      const problems: FormProblem[] = repeatedIndexes(values).map((index) => ({
        path: `${at}.options[${index}].value`,
        message: `Give each option its own value: “${values[index]}” is used more than once.`,
      }));
      if (field.type === 'select') {
        // Without a blank first option the browser always submits the first one: "required" would never fail.
        if (field.required && !field.multiple && field.includeBlank === undefined) {
          problems.push({ path: `${at}.includeBlank`, message: 'Start a required single choice with a blank option (“Choose …”).' });
        }
        return problems;
      }
      if (field.exclusive && field.type === 'radio') {
        problems.push({ path: `${at}.exclusive`, message: 'Set “exclusive” only on checkboxes: radio buttons allow one choice already.' });
      }
      if (field.exclusive && field.maxItems !== undefined && field.maxItems > 1) {
        problems.push({ path: `${at}.maxItems`, message: `Allow at most 1 choice on exclusive checkboxes: ${field.maxItems} is more.` });
      }
      if (field.minItems !== undefined && field.minItems > field.options.length) {
        problems.push({ path: `${at}.minItems`, message: `Ask for at most as many choices as there are options (${field.options.length}): ${field.minItems} is more.` });
      }
      return [...problems, ...limitsInOrder(at, ['minItems', field.minItems], ['maxItems', field.maxItems])];
    }
    case 'file':
      return limitsInOrder(at, ['minSize', field.minSize], ['maxSize', field.maxSize]);
    case 'time':
    case 'acceptance':
    case 'quiz':
    case 'captcha':
      return [];
  }
}

/** Every problem of one form definition; `sitePaths` are the pages a redirect may go to. */
export function checkForm(form: FormDefinition, sitePaths: readonly string[]): FormProblem[] {
  const names = form.fields.map((field) => field.name);
  const problems: FormProblem[] = repeatedIndexes(names).map((index) => ({
    path: `fields[${index}].name`,
    message: `Give each field its own name: “${names[index]}” is used more than once.`,
  }));
  form.fields.forEach((field, index) => problems.push(...checkField(field, `fields[${index}]`)));

  const replyTo = form.fields.find((field) => field.name === form.mail.replyTo);
  if (replyTo?.type !== 'email') {
    const emailFields = form.fields.filter((field) => field.type === 'email').map((field) => field.name);
    problems.push({ path: 'mail.replyTo', message: `Use the name of one of the form’s e-mail fields (${emailFields.join(', ') || 'the form has none'}): “${form.mail.replyTo}” is not one.` });
  } else if (!replyTo.required) {
    problems.push({ path: 'mail.replyTo', message: `Use a required e-mail field, so every message can be answered: “${replyTo.name}” is optional.` });
  }
  for (const [, tag] of form.mail.subject.matchAll(/\[([^\]]*)\]/g)) {
    if (!names.includes(tag ?? '')) {
      problems.push({ path: 'mail.subject', message: `Use [tags] that name fields of the form (${names.join(', ')}): “[${tag}]” is not one.` });
    }
  }
  problems.push(...checkFormActions(form, names, sitePaths));
  return problems;
}
