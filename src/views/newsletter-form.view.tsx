// A Brevo newsletter form (content/forms/newsletter.forms.ts) driven by the newsletter machine.
// It keeps the plugin's field names and hidden inputs, and the contact form's GOV.UK patterns:
// the same form groups, error messages beside the fields and error summary (focused after a
// failed submit). Answers are read out by two live regions that are always in the page: errors
// through role="alert" (assertive: the submission the visitor just made did not go through and
// the form has been reset, so waiting for a pause would leave them retyping blind), success and
// the already-subscribed warning through role="status" (polite: nothing needs doing).
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import type { FormField } from '../../content/forms/index.ts';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import type { countryPrefixMachine } from '../machines/country-prefix.machine.ts';
import { hiddenEntries } from '../machines/newsletter-context.ts';
import { newsletterMachine } from '../machines/newsletter.machine.ts';
import { isFading, isRedirecting, shownMessageKind } from '../machines/newsletter.selectors.ts';
import { isAllowedDateKey, isAllowedSmsKey, NEWSLETTER_FIELD, type KeyPress } from '../validation/newsletter/index.ts';
import { FormErrorSummary } from './form-error-summary.view.tsx';
import { CountryPrefixPicker } from './country-prefix.view.tsx';
import { describedBy, fieldIds } from './form-fields/field-ids.ts';
import { FormGroup } from './form-fields/form-group.view.tsx';
import { useEmittedFocus } from './use-emitted-focus.ts';
import { inspectWith } from '../services/page-inspector.service.ts';

export interface NewsletterFormViewProps {
  form: NewsletterForm;
  /** The id of the heading that names the form. */
  headingId: string;
  /** The error summary's heading level, one below the form's heading (h3 title → 4, h2 → 3). */
  summaryHeadingLevel?: 3 | 4;
  logic?: typeof newsletterMachine;
  inspect?: (event: InspectionEvent) => void;
  /** The prefix picker's machine (tests give it a fake list). */
  prefixLogic?: typeof countryPrefixMachine;
}

/**
 * The newsletter's fields in the shape the shared form components (FormGroup, the error
 * summary) read: a name, a label, a type. Order is the form's order.
 */
export function newsletterFields(form: NewsletterForm): FormField[] {
  const fields: FormField[] = [{ type: 'email', name: NEWSLETTER_FIELD.email, label: form.emailLabel, required: true, autocomplete: 'email' }];
  for (const attribute of form.attributes) fields.push({ type: 'text', name: attribute.name, label: attribute.label, required: attribute.required });
  for (const date of form.dates) fields.push({ type: 'text', name: date.name, label: date.label, required: date.required, hint: date.hint });
  if (form.sms) fields.push({ type: 'tel', name: NEWSLETTER_FIELD.sms, label: form.sms.label, required: form.sms.required, hint: form.sms.hint });
  if (form.choice) {
    const options = form.lists.map((list) => ({ value: String(list.id), label: list.label }));
    fields.push({ type: 'checkbox', name: NEWSLETTER_FIELD.lists, label: form.choice.legend, required: form.choice.required, options: options as [typeof options[number], ...typeof options] });
  }
  fields.push({ type: 'acceptance', name: NEWSLETTER_FIELD.consent, label: 'Consent', text: form.consent.label });
  return fields;
}

const keyFilter = (allowed: (press: KeyPress) => boolean) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (!allowed(event)) event.preventDefault();
};

export function NewsletterFormView({
  form,
  headingId,
  summaryHeadingLevel = 4,
  logic = newsletterMachine,
  inspect,
  prefixLogic,
}: NewsletterFormViewProps) {
  const actorRef = useActorRef(logic, { input: { form }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { context } = snapshot;
  const send = actorRef.send;
  const unitTag = `sib-form-${String(form.id)}`;
  const fields = newsletterFields(form);
  const interactive = snapshot.hasTag('interactive');
  const busy = snapshot.hasTag('busy');
  const unsupported = snapshot.matches('unsupported');
  // Before the page's script runs (or in a browser that cannot send the form) the fields are
  // disabled; while sending only the submit button is, so the focus is never thrown out of the form.
  const dormant = snapshot.matches('starting') || unsupported;
  const fading = isFading(snapshot);
  const messageKind = shownMessageKind(snapshot);
  const { entered, errors } = context;

  // After a failed submit the error summary takes the focus (GOV.UK).
  useEmittedFocus(actorRef, 'focus.summary', summaryRef);

  const onPick = useCallback((dialCode: string) => send({ type: 'prefix.pick', dialCode }), [send]);

  const textInput = (field: FormField, value: string, extra: { type?: string; onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void; inputMode?: 'tel' | 'numeric' | 'email' } = {}) => {
    const ids = fieldIds(unitTag, field.name);
    const error = errors[field.name];
    return (
      <input
        id={ids.control}
        name={field.name}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        value={value}
        autoComplete={field.autocomplete}
        spellCheck={field.type === 'email' ? false : undefined}
        aria-required={field.required ? true : undefined}
        aria-invalid={error ? true : false}
        aria-describedby={describedBy(ids, { hint: Boolean(field.hint), error: Boolean(error) })}
        onKeyDown={extra.onKeyDown}
        onChange={(event) => send({ type: 'field.input', name: field.name, value: event.target.value })}
      />
    );
  };

  const group = (field: FormField, control: ReactNode, asGroup = false) => (
    <FormGroup key={field.name} field={field} ids={fieldIds(unitTag, field.name)} error={errors[field.name]} group={asGroup}>
      {control}
    </FormGroup>
  );

  const fieldNamed = (name: string) => fields.find((field) => field.name === name)!;
  const messageClass = `sib-form__message${messageKind ? ` sib-form__message--${messageKind}` : ''}${fading ? ' is-fading' : ''}`;

  return (
    <div className={`sib-form ${interactive || busy ? 'js' : 'no-js'}`} id={unitTag}>
      <form
        action={form.action}
        method="post"
        className={`sib-form__form${busy ? ' sib_loading processing' : ''}`}
        aria-labelledby={headingId}
        aria-busy={busy}
        noValidate
        data-status={isRedirecting(snapshot) ? 'redirecting' : (messageKind ?? (busy ? 'submitting' : 'idle'))}
        onSubmit={(event) => {
          event.preventDefault();
          if (snapshot.can({ type: 'form.submit' })) send({ type: 'form.submit' });
        }}
      >
        {hiddenEntries(form).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormErrorSummary unitTag={unitTag} fields={fields} errors={errors} summaryRef={summaryRef} headingLevel={summaryHeadingLevel} />
        {/* Disabled until the page's script runs: without it the form cannot fetch its nonce. */}
        <fieldset className="sib-form__fields" disabled={dormant}>
          <legend className="visually-hidden">{form.title}</legend>
          {group(fieldNamed(NEWSLETTER_FIELD.email), textInput(fieldNamed(NEWSLETTER_FIELD.email), entered.email, { type: 'email', inputMode: 'email' }))}
          {form.attributes.map((attribute) => group(fieldNamed(attribute.name), textInput(fieldNamed(attribute.name), entered.attributes[attribute.name] ?? '')))}
          {form.dates.map((date) =>
            group(fieldNamed(date.name), textInput(fieldNamed(date.name), entered.attributes[date.name] ?? '', { inputMode: 'numeric', onKeyDown: keyFilter(isAllowedDateKey) })),
          )}
          {form.sms
            ? group(
                fieldNamed(NEWSLETTER_FIELD.sms),
                <span className="sib-form__sms">
                  <CountryPrefixPicker
                    idBase={`${unitTag}-prefix`}
                    dialCode={form.sms.defaultPrefix}
                    label={form.sms.prefixLabel}
                    disabled={dormant || busy}
                    onPick={onPick}
                    logic={prefixLogic}
                  />
                  <input type="hidden" name={NEWSLETTER_FIELD.smsPrefix} value={context.smsPrefix} />
                  {textInput(fieldNamed(NEWSLETTER_FIELD.sms), entered.sms, { type: 'tel', inputMode: 'tel', onKeyDown: keyFilter(isAllowedSmsKey) })}
                </span>,
              )
            : null}
          {form.choice
            ? group(
                fieldNamed(NEWSLETTER_FIELD.lists),
                <span className="sib-form__choices">
                  {form.lists.map((list, index) => {
                    const id = index === 0 ? fieldIds(unitTag, NEWSLETTER_FIELD.lists).control : `${fieldIds(unitTag, NEWSLETTER_FIELD.lists).control}-${String(index)}`;
                    const value = String(list.id);
                    return (
                      <span key={list.id} className="wpcf7-list-item">
                        <input
                          id={id}
                          type="checkbox"
                          name={NEWSLETTER_FIELD.lists}
                          value={value}
                          checked={entered.lists.includes(value)}
                          aria-invalid={errors[NEWSLETTER_FIELD.lists] ? true : false}
                          onChange={(event) => send({ type: 'list.toggle', id: value, checked: event.target.checked })}
                        />
                        <label htmlFor={id} className="wpcf7-list-item-label">
                          {list.label}
                        </label>
                      </span>
                    );
                  })}
                </span>,
                true,
              )
            : null}
          {group(
            fieldNamed(NEWSLETTER_FIELD.consent),
            <span className="wpcf7-list-item">
              <input
                id={fieldIds(unitTag, NEWSLETTER_FIELD.consent).control}
                type="checkbox"
                name={NEWSLETTER_FIELD.consent}
                value="yes"
                checked={entered.consent}
                aria-invalid={errors[NEWSLETTER_FIELD.consent] ? true : false}
                onChange={(event) => send({ type: 'consent.toggle', checked: event.target.checked })}
              />
              <label htmlFor={fieldIds(unitTag, NEWSLETTER_FIELD.consent).control} className="wpcf7-list-item-label">
                {form.consent.label}
              </label>
            </span>,
            true,
          )}
          <div className="sib-form__submit-row">
            <button type="submit" className="button button--primary sib-form__submit" disabled={busy}>
              {form.submitLabel}
            </button>
            <span className={`wpcf7-spinner${busy ? ' is-active' : ''}`} role="status">
              {busy ? <span className="visually-hidden">Subscribing…</span> : null}
            </span>
          </div>
        </fieldset>
        {unsupported ? (
          <p className="sib-form__unsupported" role="status">
            This browser cannot send the form. Please subscribe from an up-to-date browser.
          </p>
        ) : null}
        <div className="sib-form__messages">
          <p className={messageClass} role="status" aria-live="polite" aria-atomic="true" hidden={messageKind === null || messageKind === 'error'}>
            {messageKind === 'success' || messageKind === 'warning' ? context.message : ''}
          </p>
          <p className={messageClass} role="alert" aria-atomic="true" hidden={messageKind !== 'error'}>
            {messageKind === 'error' ? context.message : ''}
          </p>
        </div>
      </form>
    </div>
  );
}
