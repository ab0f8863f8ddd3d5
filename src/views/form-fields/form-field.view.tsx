// One field of a form definition, by type.
import type { FormField as FieldDefinition } from '../../../content/forms/index.ts';
import type { ContactFormContext, ContactFormEvent } from '../../machines/contact-form.types.ts';
import { AcceptanceField } from './acceptance-field.view.tsx';
import { CaptchaField } from './captcha-field.view.tsx';
import { CheckboxField } from './checkbox-field.view.tsx';
import type { FieldOfType } from './field-props.ts';
import { FileField } from './file-field.view.tsx';
import { QuizField } from './quiz-field.view.tsx';
import { RadioField } from './radio-field.view.tsx';
import { SelectField } from './select-field.view.tsx';
import { TextField } from './text-field.view.tsx';
import { TextareaField } from './textarea-field.view.tsx';

export interface FormFieldProps {
  field: FieldDefinition;
  context: ContactFormContext;
  send: (event: ContactFormEvent) => void;
}

// The definition groups several types in one struct member, which a switch cannot narrow: each
// case names the type it has just checked.
const as = <TType extends FieldDefinition['type']>(field: FieldDefinition) => field as FieldOfType<TType>;

export function FormField({ field, context, send }: FormFieldProps) {
  const props = { context, send };
  switch (field.type) {
    case 'textarea':
      return <TextareaField field={as<'textarea'>(field)} {...props} />;
    case 'select':
      return <SelectField field={as<'select'>(field)} {...props} />;
    case 'checkbox':
      return <CheckboxField field={as<'checkbox'>(field)} {...props} />;
    case 'radio':
      return <RadioField field={as<'radio'>(field)} {...props} />;
    case 'acceptance':
      return <AcceptanceField field={as<'acceptance'>(field)} {...props} />;
    case 'quiz':
      return <QuizField field={as<'quiz'>(field)} {...props} />;
    case 'captcha':
      return <CaptchaField field={as<'captcha'>(field)} {...props} />;
    case 'file':
      return <FileField field={as<'file'>(field)} {...props} />;
    default:
      return <TextField field={as<'text' | 'email' | 'tel' | 'url' | 'number' | 'date' | 'time'>(field)} {...props} />;
  }
}
