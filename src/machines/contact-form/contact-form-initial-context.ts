// The contactForm machine's starting context, from its input.
import { readWpcf7Config } from '../../services/contact-form/cf7-config.service.ts';
import { initialValues } from './contact-form-values.ts';
import type { ContactFormContext, ContactFormInput } from './contact-form.types.ts';

export function createContext(input: ContactFormInput): ContactFormContext {
  const { form } = input;
  return {
    form,
    unitTag: `wpcf7-f${form.id}-o${input.occurrence ?? 1}`,
    containerPost: input.containerPost ?? 0,
    nested: input.nested ?? false,
    wpcf7: readWpcf7Config(input.wpcf7),
    values: initialValues(form.fields),
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
