// A Brevo newsletter form (content/documents/newsletter-forms.json) driven by the newsletter machine.
// It keeps the plugin's field names and hidden inputs, and the contact form's GOV.UK patterns:
// the same form groups, error messages beside the fields and error summary (focused after a
// failed submit). Answers are read out by two live regions that are always in the page: errors
// through role="alert" (assertive: the submission the visitor just made did not go through and
// the form has been reset, so waiting for a pause would leave them retyping blind), success and
// the already-subscribed warning through role="status" (polite: nothing needs doing).
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useRef, type KeyboardEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import type { NewsletterForm } from '../../../content/structs/newsletter-form.struct.ts';
import type { countryPrefixMachine } from '../../machines/newsletter/country-prefix.machine.ts';
import { hiddenEntries, offeredListEntries } from '../../machines/newsletter/newsletter-context.ts';
import { newsletterMachine } from '../../machines/newsletter/newsletter.machine.ts';
import { isFading, isRedirecting, shownMessageKind } from '../../machines/newsletter/newsletter.selectors.ts';
import { isAllowedDateKey, isAllowedSmsKey, NEWSLETTER_FIELD, type KeyPress } from '../../validation/newsletter/index.ts';
import { CountryPrefixPicker } from './country-prefix.view.tsx';
import { CheckboxField, ChoiceField, ErrorSummary, errorItems, FormGroup, HiddenInputs, TextField, TextInput } from '../shared/form-fields/index.ts';
import { usePrefilledFields } from '../shared/use-prefilled-fields.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { LinkedText } from '../shared/linked-text.view.tsx';

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

/** The names of the form's fields in the form's order: the error summary lists errors in it. */
function newsletterFieldNames(form: NewsletterForm): string[] {
  return [
    NEWSLETTER_FIELD.email,
    ...form.attributes.map((attribute) => attribute.name),
    ...form.dates.map((date) => date.name),
    ...(form.sms ? [NEWSLETTER_FIELD.sms] : []),
    ...(form.choice ? [NEWSLETTER_FIELD.lists] : []),
    NEWSLETTER_FIELD.consent,
  ];
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
  const unitTag = `sib-form-${String(form.id)}`;
  // The machine starts from what the prerendered form holds (README.md, "Forms before their code").
  const prefilled = usePrefilledFields(unitTag);
  const actorRef = useActorRef(logic, { input: { form, prefilled }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { context } = snapshot;
  const send = actorRef.send;
  const interactive = snapshot.hasTag('interactive');
  const busy = snapshot.hasTag('busy');
  const unsupported = snapshot.matches('unsupported');
  // The fields take input before the page's script runs and in a browser that cannot send the form
  // (the browser then posts it: README.md, "Forms before their code"); only the prefix picker, a
  // scripted listbox, waits for the script. While sending only the submit button is disabled, so
  // the focus is never thrown out of the form.
  const dormant = snapshot.matches('starting') || unsupported;
  const fading = isFading(snapshot);
  const messageKind = shownMessageKind(snapshot);
  const { entered, errors } = context;

  // After a failed submit the error summary takes the focus (GOV.UK).
  useEmittedFocus(actorRef, 'focus.summary', summaryRef);

  const onPick = useCallback((dialCode: string) => send({ type: 'prefix.pick', dialCode }), [send]);

  const input = (name: string) => (value: string) => send({ type: 'field.input', name, value });
  const frame = (name: string, required?: boolean) => ({ formId: unitTag, name, error: errors[name], required });

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
          // Before the script has looked at the browser, or in one that cannot send it, the
          // browser posts the form itself and the server answers with a page.
          if (dormant) return;
          event.preventDefault();
          if (snapshot.can({ type: 'form.submit' })) send({ type: 'form.submit' });
        }}
      >
        <HiddenInputs entries={[...hiddenEntries(form), ...offeredListEntries(form)]} />
        <ErrorSummary formId={unitTag} items={errorItems(unitTag, newsletterFieldNames(form), errors)} summaryRef={summaryRef} headingLevel={summaryHeadingLevel} />
        <fieldset className="sib-form__fields">
          <legend className="visually-hidden">{form.title}</legend>
          <TextField
            {...frame(NEWSLETTER_FIELD.email, true)}
            label={form.emailLabel}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={entered.email}
            onChange={input(NEWSLETTER_FIELD.email)}
          />
          {form.attributes.map((attribute) => (
            <TextField key={attribute.name} {...frame(attribute.name, attribute.required)} label={attribute.label} value={entered.attributes[attribute.name] ?? ''} onChange={input(attribute.name)} />
          ))}
          {form.dates.map((date) => (
            <TextField
              key={date.name}
              {...frame(date.name, date.required)}
              label={date.label}
              hint={date.hint}
              inputMode="numeric"
              value={entered.attributes[date.name] ?? ''}
              onKeyDown={keyFilter(isAllowedDateKey)}
              onChange={input(date.name)}
            />
          ))}
          {form.sms ? (
            <FormGroup {...frame(NEWSLETTER_FIELD.sms)} label={form.sms.label} hint={form.sms.hint} kind="tel">
              <span className="sib-form__sms">
                <CountryPrefixPicker
                  idBase={`${unitTag}-prefix`}
                  dialCode={form.sms.defaultPrefix}
                  label={form.sms.prefixLabel}
                  disabled={dormant || busy}
                  onPick={onPick}
                  logic={prefixLogic}
                />
                <HiddenInputs entries={[[NEWSLETTER_FIELD.smsPrefix, context.smsPrefix]]} />
                <TextInput
                  {...frame(NEWSLETTER_FIELD.sms, form.sms.required)}
                  hint={form.sms.hint}
                  type="tel"
                  inputMode="tel"
                  value={entered.sms}
                  onKeyDown={keyFilter(isAllowedSmsKey)}
                  onChange={input(NEWSLETTER_FIELD.sms)}
                />
              </span>
            </FormGroup>
          ) : null}
          {form.choice ? (
            <ChoiceField
              {...frame(NEWSLETTER_FIELD.lists, form.choice.required)}
              label={form.choice.legend}
              type="checkbox"
              className="sib-form__choices"
              options={form.lists.map((list) => ({ value: String(list.id), label: list.label }))}
              chosen={entered.lists}
              onToggle={(id, checked) => send({ type: 'list.toggle', id, checked })}
            />
          ) : null}
          <CheckboxField
            {...frame(NEWSLETTER_FIELD.consent)}
            label="Consent"
            kind="acceptance"
            text={<LinkedText text={form.consent.label} />}
            value="yes"
            checked={entered.consent}
            onChange={(checked) => send({ type: 'consent.toggle', checked })}
          />
          <div className="sib-form__submit-row">
            <button type="submit" className="button button--primary sib-form__submit" disabled={busy}>
              {form.submitLabel}
            </button>
            <span className={`wpcf7-spinner${busy ? ' is-active' : ''}`} role="status">
              {busy ? <span className="visually-hidden">Subscribing…</span> : null}
            </span>
          </div>
        </fieldset>
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
