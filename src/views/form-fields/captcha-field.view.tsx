// An image captcha (Really Simple CAPTCHA's captchac + captchar): the picture of a code and the
// box to type it in. The picture comes from the refill; until then a note takes its place.
// Pictures of text fail people who cannot see them (WCAG 3.3.8): the page form uses reCAPTCHA v3.
import { textOf } from '../../machines/contact-form-values.ts';
import { describedBy, fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export function CaptchaField({ field, context, send }: FieldViewProps<'captcha'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const challenge = context.captcha[field.name];
  const pictureId = `${ids.control}-picture`;
  return (
    <FormGroup field={field} ids={ids} error={error}>
      <span id={pictureId} className="wpcf7-captcha-picture">
        {challenge?.src ? (
          <img className={`wpcf7-captcha-${field.name}`} src={challenge.src} alt="A code of letters and numbers to type below" width={144} height={48} />
        ) : (
          <span className="wpcf7-captcha-pending">Loading the code…</span>
        )}
      </span>
      <input
        id={ids.control}
        type="text"
        name={field.name}
        className="wpcf7-form-control wpcf7-captchar"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={textOf(context.values[field.name])}
        aria-required="true"
        aria-invalid={error ? true : false}
        aria-describedby={describedBy(ids, { hint: Boolean(field.hint), error: Boolean(error), extra: [pictureId] })}
        onChange={(event) => send({ type: 'field.input', name: field.name, value: event.target.value })}
        onBlur={() => send({ type: 'field.blur', name: field.name })}
      />
    </FormGroup>
  );
}
