// One field of a contact form definition (content/forms), drawn with the shared form kit
// (views/shared/form-fields, ARCHITECTURE.md "Forms share one kit"). This maps the definition and the
// contactForm machine's context to the kit's props, sends the machine's events, and keeps
// Contact Form 7's class names, which its CSS and scripts look for. Typing sends `field.input`;
// leaving the field after typing is its change (validated then, as CF7 does); a choice, a file or
// a select is a `field.change` at once.
import type { FormField } from '../../../content/forms/index.ts';
import type { ContactFormContext, ContactFormEvent } from '../../machines/contact-form/contact-form.types.ts';
import { characterCount, freeTextName, hasCounter, hasFreeText, isFreeTextEnabled, isMultiValued, listOf, textOf } from '../../machines/contact-form/contact-form-values.ts';
import { CharacterCounter, CheckboxField, ChoiceField, fieldIds, FileField, SelectField, TextAreaField, TextField } from '../shared/form-fields/index.ts';
import { LinkedText } from '../shared/linked-text.view.tsx';

export interface ContactFormFieldProps {
  field: FormField;
  context: ContactFormContext;
  send: (event: ContactFormEvent) => void;
}

/** CF7's control classes: `wpcf7-form-control wpcf7-<type>`, marked when required. */
const controlClass = (type: string, required: boolean | undefined, ...more: string[]) =>
  ['wpcf7-form-control', `wpcf7-${type}`, required ? 'wpcf7-validates-as-required' : '', ...more].filter(Boolean).join(' ');

/** The right keyboard on phones, without the browser's own validation (the form is novalidate). */
const inputModes = { email: 'email', tel: 'tel', url: 'url', number: 'decimal' } as const;

export function ContactFormField({ field, context, send }: ContactFormFieldProps) {
  const { name } = field;
  const frame = { formId: context.unitTag, name, label: field.label, hint: field.hint, error: context.errors[name], required: field.required };
  const value = context.values[name];
  const typing = {
    value: textOf(value),
    onChange: (text: string) => send({ type: 'field.input', name, value: text }),
    onBlur: () => send({ type: 'field.blur', name }),
  };
  const counterId = `${fieldIds(context.unitTag, name).control}-count`;
  const counter = hasCounter(field) ? (
    <CharacterCounter
      name={name}
      id={counterId}
      count={characterCount(field, typing.value.length)}
      announced={context.announcedCounts[name] === undefined ? undefined : characterCount(field, context.announcedCounts[name])}
    />
  ) : undefined;
  const counted = counter ? [counterId] : [];

  switch (field.type) {
    case 'textarea':
      return <TextAreaField {...frame} {...typing} className={controlClass('textarea', field.required)} placeholder={field.placeholder} describedBy={counted} after={counter} />;
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
      return (
        <TextField
          {...frame}
          {...typing}
          type={field.type}
          inputMode={field.type === 'text' ? undefined : inputModes[field.type]}
          className={controlClass(field.type, field.required, `wpcf7-validates-as-${field.type}`)}
          autoComplete={field.autocomplete}
          placeholder={field.placeholder}
          describedBy={counted}
          after={counter}
        />
      );
    case 'number':
      // Typed as text with a decimal keypad: type=number drops what it cannot parse, so the
      // visitor's "12,5" would be posted as nothing instead of getting an error message.
      return (
        <TextField
          {...frame}
          {...typing}
          kind="number"
          inputMode={inputModes.number}
          className={controlClass('number', field.required, 'wpcf7-validates-as-number')}
          autoComplete={field.autocomplete}
          min={field.min}
          max={field.max}
          step={field.step}
        />
      );
    case 'date':
      return (
        <TextField
          {...frame}
          {...typing}
          type="date"
          className={controlClass('date', field.required, 'wpcf7-validates-as-date')}
          autoComplete={field.autocomplete}
          min={field.min}
          max={field.max}
        />
      );
    case 'time':
      return <TextField {...frame} {...typing} type="time" className={controlClass('time', field.required, 'wpcf7-validates-as-time')} autoComplete={field.autocomplete} />;
    case 'select':
      return (
        <SelectField
          {...frame}
          postedName={field.multiple ? `${name}[]` : name}
          options={field.options}
          multiple={field.multiple}
          includeBlank={field.includeBlank}
          className={controlClass('select', field.required)}
          value={field.multiple ? listOf(value) : textOf(value)}
          autoComplete={field.autocomplete}
          onChange={(chosen) => send({ type: 'field.change', name, value: chosen })}
        />
      );
    case 'checkbox':
    case 'radio': {
      const text = freeTextName(field);
      return (
        <ChoiceField
          {...frame}
          type={field.type}
          className={controlClass(field.type, false, field.type === 'checkbox' && field.exclusive ? 'wpcf7-exclusive-checkbox' : '')}
          postedName={isMultiValued(field) ? `${name}[]` : name}
          options={field.options}
          chosen={field.type === 'radio' ? [textOf(value)] : listOf(value)}
          onToggle={(option, checked) => send(field.type === 'radio' ? { type: 'field.change', name, value: option } : { type: 'field.change', name, value: option, checked })}
          freeText={
            hasFreeText(field)
              ? {
                  name: text,
                  value: textOf(context.values[text]),
                  enabled: isFreeTextEnabled(field, context.values),
                  onChange: (typed) => send({ type: 'field.input', name: text, value: typed }),
                  onBlur: () => send({ type: 'field.blur', name: text }),
                }
              : undefined
          }
        />
      );
    }
    case 'acceptance':
      // A consent box: one checkbox in a fieldset whose legend names what is agreed to. Unless
      // optional it gates the submit button; inverted, it must stay unticked.
      return (
        <CheckboxField
          {...frame}
          kind="acceptance"
          className={['wpcf7-form-control', 'wpcf7-acceptance', field.optional ? 'optional' : '', field.invert ? 'invert' : ''].filter(Boolean).join(' ')}
          text={<LinkedText text={field.text} />}
          value="1"
          checked={value === true}
          onChange={(checked) => send({ type: 'field.change', name, checked })}
        />
      );
    case 'quiz': {
      // The question is part of the label; it and the hash of its answers come from the refill,
      // so a cached page never fixes one question.
      const question = context.quiz[name]?.question ?? field.questions[0]?.question ?? '';
      return <TextField {...frame} {...typing} required kind="quiz" label={`${field.label}: ${question}`} className={controlClass('quiz', false)} autoComplete="off" />;
    }
    case 'captcha': {
      // Really Simple CAPTCHA's captchac + captchar: the picture of a code (from the refill; a
      // note until then) and the box to type it in. Pictures of text fail people who cannot see
      // them (WCAG 3.3.8): the page form uses reCAPTCHA v3.
      const challenge = context.captcha[name];
      const pictureId = `${fieldIds(context.unitTag, name).control}-picture`;
      const picture = (
        <span id={pictureId} className="wpcf7-captcha-picture">
          {challenge?.src ? (
            <img className={`wpcf7-captcha-${name}`} src={challenge.src} alt="A code of letters and numbers to type below" width={144} height={48} />
          ) : (
            <span className="wpcf7-captcha-pending">Loading the code…</span>
          )}
        </span>
      );
      return (
        <TextField
          {...frame}
          {...typing}
          required
          kind="captcha"
          className={controlClass('captchar', false)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          describedBy={[pictureId]}
          before={picture}
        />
      );
    }
    case 'file':
      return (
        <FileField
          {...frame}
          accept={field.accept}
          resetKey={context.resets}
          className={controlClass('file', field.required)}
          onChange={(files) => send({ type: 'field.change', name, files })}
        />
      );
  }
}
