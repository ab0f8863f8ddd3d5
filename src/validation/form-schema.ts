// Derives the SWV schema of a form definition (content/forms/*.form.ts), as CF7's PHP builds
// it from form tags (modules/*.php, action wpcf7_swv_create_schema). The server publishes it
// at GET …/feedback/schema and validates every POST with it; the browser validates changed
// fields with it. What each field type contributes, in CF7's order:
//
//   text, email, url, tel  required?, email|url|tel, minlength?, maxlength (default 400, as CF7)
//   textarea               required?, minlength?, maxlength?
//   number                 required?, number, minnumber?, maxnumber?, stepnumber? (base = min ?? 0)
//   date                   required?, date, mindate?, maxdate?
//   time                   required?, time
//   select                 required?, enum (the option values)
//   checkbox, radio        required? (radio: always, a radio group cannot be unticked),
//                          maxitems 1 (radio, exclusive checkbox), minitems?/maxitems? (ours),
//                          enum (the option values; none with a free-text option, whose
//                          typed text travels in _wpcf7_free_text_<name>, as CF7)
//   file                   requiredfile?, file (accept), minfilesize?, maxfilesize
//   acceptance, quiz, captcha  nothing: the server checks them outside SWV, as CF7 does
//                          (acceptance → status acceptance_missing, the quiz answer against
//                          its hash, the captcha against its stored code).
//
// CF7 adds its enum rules in a later pass (priority 20); since the first error of a field wins,
// only the order within a field matters, so rules are listed field by field.
import type { FormDefinition, FormField, MessageKey } from '../../content/structs/form.struct.ts';
import type { SwvRule, SwvSchema } from './schema.ts';

/** CF7's schema version string (includes/swv/schema-holder.php). */
export const swvSchemaVersion = 'Contact Form 7 SWV Schema 2024-10';

/** CF7 gives text, email, url and tel fields a maxlength of 400 when the tag sets none. */
export const defaultTextMaxLength = 400;

export interface FormSchemaOptions {
  version?: string;
}

type RuleParts = Omit<SwvRule, 'field' | 'error'> & { message: MessageKey };

function rulesOf(field: FormField): RuleParts[] {
  const required: RuleParts[] = field.required ? [{ rule: 'required', message: 'invalid_required' }] : [];
  switch (field.type) {
    case 'text':
    case 'email':
    case 'url':
    case 'tel':
    case 'textarea': {
      const format: RuleParts[] =
        field.type === 'text' || field.type === 'textarea' ? [] : [{ rule: field.type, message: `invalid_${field.type}` }];
      const maxLength = field.maxLength ?? (field.type === 'textarea' ? undefined : defaultTextMaxLength);
      return [
        ...required,
        ...format,
        ...(field.minLength ? [{ rule: 'minlength', threshold: field.minLength, message: 'invalid_too_short' as const }] : []),
        ...(maxLength ? [{ rule: 'maxlength', threshold: maxLength, message: 'invalid_too_long' as const }] : []),
      ];
    }
    case 'number':
      return [
        ...required,
        { rule: 'number', message: 'invalid_number' },
        ...(field.min !== undefined ? [{ rule: 'minnumber', threshold: field.min, message: 'number_too_small' as const }] : []),
        ...(field.max !== undefined ? [{ rule: 'maxnumber', threshold: field.max, message: 'number_too_large' as const }] : []),
        ...(field.step !== undefined ? [{ rule: 'stepnumber', base: field.min ?? 0, interval: field.step, message: 'invalid_number' as const }] : []),
      ];
    case 'date':
      return [
        ...required,
        { rule: 'date', message: 'invalid_date' },
        ...(field.min !== undefined ? [{ rule: 'mindate', threshold: field.min, message: 'date_too_early' as const }] : []),
        ...(field.max !== undefined ? [{ rule: 'maxdate', threshold: field.max, message: 'date_too_late' as const }] : []),
      ];
    case 'time':
      return [...required, { rule: 'time', message: 'invalid_time' }];
    case 'select':
      return [...required, { rule: 'enum', accept: field.options.map((option) => option.value), message: 'invalid_option' }];
    case 'checkbox':
    case 'radio': {
      const single = field.type === 'radio' || field.exclusive === true;
      return [
        ...(field.type === 'radio' ? [{ rule: 'required', message: 'invalid_required' as const }] : required),
        ...(single ? [{ rule: 'maxitems', threshold: 1, message: 'too_many_items' as const }] : []),
        ...(field.minItems ? [{ rule: 'minitems', threshold: field.minItems, message: 'too_few_items' as const }] : []),
        ...(field.maxItems && !single ? [{ rule: 'maxitems', threshold: field.maxItems, message: 'too_many_items' as const }] : []),
        ...(field.freeText ? [] : [{ rule: 'enum', accept: field.options.map((option) => option.value), message: 'invalid_option' as const }]),
      ];
    }
    case 'file':
      return [
        ...(field.required ? [{ rule: 'requiredfile', message: 'invalid_required' as const }] : []),
        { rule: 'file', accept: [...field.accept], message: 'upload_file_type_invalid' },
        ...(field.minSize ? [{ rule: 'minfilesize', threshold: field.minSize, message: 'upload_file_too_small' as const }] : []),
        { rule: 'maxfilesize', threshold: field.maxSize, message: 'upload_file_too_large' },
      ];
    case 'acceptance':
    case 'quiz':
    case 'captcha':
      return [];
  }
}

/** The SWV schema of a form; each error is the field's own message, else the form's. */
export function formSchema(form: FormDefinition, options: FormSchemaOptions = {}): SwvSchema {
  const rules = form.fields.flatMap((field) =>
    rulesOf(field).map(({ rule, message, ...parts }): SwvRule => ({
      rule,
      field: field.name,
      error: field.messages?.[message] ?? form.messages[message],
      ...parts,
    })),
  );
  return { version: options.version ?? swvSchemaVersion, locale: form.locale, rules };
}
