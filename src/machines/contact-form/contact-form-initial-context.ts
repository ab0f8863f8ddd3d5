// The contactForm machine's starting context, from its input.
import { readWpcf7Config } from '../../services/contact-form/cf7-config.service.ts';
import { valuesOfEntries } from './contact-form-values.ts';
import type { ContactFormContext, ContactFormInput } from './contact-form.types.ts';

/** The plugin's unit tag: the form's container id, `wpcf7-f<id>-o<occurrence>`. */
export const unitTagOf = (formId: number, occurrence = 1) => `wpcf7-f${formId}-o${occurrence}`;

export function createContext(input: ContactFormInput): ContactFormContext {
  const { form } = input;
  // What the visitor typed before the form's code arrived is where the form starts.
  const values = valuesOfEntries(form.fields, input.prefilled ?? []);
  return {
    form,
    unitTag: unitTagOf(form.id, input.occurrence),
    containerPost: input.containerPost ?? 0,
    nested: input.nested ?? false,
    wpcf7: readWpcf7Config(input.wpcf7),
    values,
    edited: [],
    schema: null,
    validationFields: [],
    errors: {},
    message: '',
    response: null,
    postedDataHash: '',
    recaptchaAction: 'homepage',
    token: '',
    announcedCounts: {},
    quiz: {},
    captcha: {},
    resets: 0,
  };
}
