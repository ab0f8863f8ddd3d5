// A Contact Form 7 form, rendered from its definition (content/forms) and driven by the
// contactForm machine. The markup keeps the plugin's classes and hidden fields (its CSS, scripts
// and server recognise them) and follows GOV.UK's patterns for errors. Loaded lazily: the
// prerendered HTML stands until this chunk arrives, and works without it (a plain multipart POST).
import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useRef, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import { defaultFormNotices, type FormDefinition } from '../../../content/forms/index.ts';
import { hiddenEntries, WPCF7_VERSION } from '../../machines/contact-form/contact-form-submission.ts';
import { contactFormMachine } from '../../machines/contact-form/contact-form.machine.ts';
import { unitTagOf } from '../../machines/contact-form/contact-form-initial-context.ts';
import { formStatusOf, summaryErrorsOf } from '../../machines/contact-form/contact-form.selectors.ts';
import { textOf } from '../../machines/contact-form/contact-form-values.ts';
import { dispatchCf7Events } from '../../services/contact-form/cf7-dom-events.service.ts';
import { siteWpcf7 } from '../../services/contact-form/cf7-config.service.ts';
import { CONTACT_FORM_FIELD, contactFormUrl } from '../../validation/contact-form/index.ts';
import { ResponseOutput, ScreenReaderResponse } from './contact-form-response.view.tsx';
import { ContactFormField } from './contact-form-field.view.tsx';
import { InsideContactForm } from './contact-form-nesting.ts';
import { ErrorSummary, errorItems, HiddenInputs } from '../shared/form-fields/index.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { usePrefilledFields } from '../shared/use-prefilled-fields.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { RedirectAddOnView } from './redirect-add-on.view.tsx';

export interface ContactFormViewProps {
  form: FormDefinition;
  /** The page's `wpcf7` configuration; the site's own by default. */
  wpcf7?: unknown;
  /** The machine to run; tests pass `contactFormMachine.provide({ actors })` with fakes. */
  logic?: typeof contactFormMachine;
  /** Receives the actor system's inspection events (the model-based harness records coverage). */
  inspect?: (event: InspectionEvent) => void;
  /** Content placed in the form after the fields, as a Contact Form 7 template may hold. */
  children?: ReactNode;
}

const HONEYPOT_FIELD = CONTACT_FORM_FIELD.honeypot;

export function ContactFormView({ form, wpcf7 = siteWpcf7, logic = contactFormMachine, inspect, children }: ContactFormViewProps) {
  const nested = useContext(InsideContactForm);
  // The machine starts from what the prerendered form holds (README.md, "Forms before their code").
  const prefilled = usePrefilledFields(unitTagOf(form.id));
  const actorRef = useActorRef(logic, { input: { form, wpcf7, nested, prefilled }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { context } = snapshot;

  // The machine's announcements become the plugin's DOM events, for the rest of the page; the
  // status change is read from the state as it changes (`wpcf7statuschanged`).
  useEffect(() => {
    const { context: start } = actorRef.getSnapshot();
    const info = {
      contactFormId: form.id,
      pluginVersion: WPCF7_VERSION,
      contactFormLocale: form.locale,
      unitTag: start.unitTag,
      containerPostId: start.containerPost,
    };
    const announcements = actorRef.on('*', (announcement) => {
      if (formRef.current && announcement.type !== 'focus.summary') dispatchCf7Events(formRef.current, info, announcement);
    });
    let previousStatus = formStatusOf(actorRef.getSnapshot());
    const statuses = actorRef.subscribe((current) => {
      const status = formStatusOf(current);
      if (status === previousStatus) return;
      if (formRef.current) dispatchCf7Events(formRef.current, info, { type: 'status.changed', status, previousStatus });
      previousStatus = status;
    });
    return () => {
      announcements.unsubscribe();
      statuses.unsubscribe();
    };
  }, [actorRef, form]);

  // After an answer with invalid fields the error summary takes the focus (GOV.UK).
  useEmittedFocus(actorRef, 'focus.summary', summaryRef);

  if (snapshot.matches('misplaced')) {
    return (
      <p className="wpcf7-contact-form-not-found">
        <strong>Error:</strong> This contact form is placed in the wrong place.
      </p>
    );
  }

  const interactive = snapshot.hasTag('interactive');
  const submitting = snapshot.hasTag('submitting');
  const canSubmit = snapshot.can({ type: 'form.submit' });
  const send = actorRef.send;
  // Interactive, not busy sending, and the machine refuses a submission: the consent is missing.
  const consentMissing = interactive && !submitting && !canSubmit;
  const noteId = `${context.unitTag}-submit-note`;
  const status = formStatusOf(snapshot);
  const notices = form.notices ?? defaultFormNotices;
  const addOn = snapshot.children.redirectAddOn;
  const names = form.fields.map((field) => field.name);

  return (
    <InsideContactForm.Provider value={true}>
      <div className={`wpcf7 ${interactive ? 'js' : 'no-js'}`} id={context.unitTag} data-wpcf7-id={form.id}>
        <ScreenReaderResponse message={context.message} items={errorItems(context.unitTag, names, context.errors)} />
        <form
          ref={formRef}
          // Without scripts the browser posts to the same REST endpoint, as multipart.
          action={contactFormUrl(form.id, 'feedback')}
          method="post"
          encType="multipart/form-data"
          className={`wpcf7-form ${status}`}
          aria-label={form.title}
          noValidate
          data-status={status}
          // The first focus on any control loads reCAPTCHA (README.md, "The contact form");
          // React's onFocus listens to focusin, so the form hears every control's focus.
          onFocus={() => send({ type: 'field.focus' })}
          onSubmit={(event) => {
            // Without the machine (old browser, no configuration) the browser posts the form itself.
            if (!interactive) return;
            event.preventDefault();
            if (canSubmit) send({ type: 'form.submit' });
          }}
        >
          <fieldset className="hidden-fields-container" hidden>
            <HiddenInputs entries={hiddenEntries(context).map(([name, value]) => [name, typeof value === 'string' ? value : ''] as const)} />
          </fieldset>
          <ErrorSummary formId={context.unitTag} items={errorItems(context.unitTag, names, summaryErrorsOf(context))} summaryRef={summaryRef} />
          {form.fields.map((field) => (
            <ContactFormField key={field.name} field={field} context={context} send={send} />
          ))}
          {children}
          <div className="wpcf7-hp" aria-hidden="true">
            <label htmlFor={`${context.unitTag}-hp`}>Leave this field empty</label>
            <input
              id={`${context.unitTag}-hp`}
              type="text"
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              value={textOf(context.values[HONEYPOT_FIELD])}
              onChange={(event) => send({ type: 'field.input', name: HONEYPOT_FIELD, value: event.target.value })}
            />
          </div>
          <div className="wpcf7-submit-row">
            <button
              type="submit"
              className="wpcf7-form-control wpcf7-submit has-spinner button button--primary"
              disabled={interactive && !canSubmit}
              aria-describedby={consentMissing ? noteId : undefined}
            >
              {form.submitLabel}
            </button>
            <span className={`wpcf7-spinner${submitting ? ' is-active' : ''}`} role="status">
              {submitting ? <span className="visually-hidden">{notices.sending}</span> : null}
            </span>
          </div>
          {/* Always in the page, its room kept (hidden once the consent is given): the note
              appearing as the form wakes up would push the sections below down for a visitor
              already reading them. Before then it is true too: the server wants the consent. */}
          <p id={noteId} className={`wpcf7-submit-note${interactive && !consentMissing ? ' is-met' : ''}`}>
            {notices.consentMissing}
          </p>
          <ResponseOutput message={context.message} />
        </form>
        {/* After a sent message: the redirect add-on's popup, tab notice and hidden form. */}
        {addOn ? <RedirectAddOnView actorRef={addOn} /> : null}
      </div>
    </InsideContactForm.Provider>
  );
}
