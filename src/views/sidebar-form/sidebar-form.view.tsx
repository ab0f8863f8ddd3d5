// A form of the sidebar panel (the plugin's `form.ncf_form`, `nk_form_<index>`), driven by the
// sidebarForm machine, with the human test's question from the humanTest machine. It keeps the
// plugin's field names and texts and the site's GOV.UK patterns: errors beside their fields and
// an error summary that takes the focus after a refused submit. The result ("Your message was
// successfully sent!" or the failure) replaces the form and takes the focus.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import type { SidebarContact, SidebarContactForm } from '../../../content/structs/sidebar-contact.struct.ts';
import { humanTestMachine } from '../../machines/sidebar-form/human-test.machine.ts';
import { fieldsOf } from '../../machines/sidebar-form/sidebar-form-data.ts';
import { sidebarFormMachine } from '../../machines/sidebar-form/sidebar-form.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { ErrorSummary, errorItems, TextAreaField, TextField } from '../shared/form-fields/index.ts';
import { HumanTestView } from './human-test.view.tsx';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';

export interface SidebarFormViewProps {
  content: SidebarContact;
  form: SidebarContactForm;
  /** The id of the panel's heading, which names the form. */
  headingId: string;
  /** The form's Close: the panel closes. */
  onClose(): void;
  logic?: typeof sidebarFormMachine;
  humanTestLogic?: typeof humanTestMachine;
  inspect?: (event: InspectionEvent) => void;
  humanTestInspect?: (event: InspectionEvent) => void;
}

export function SidebarFormView({ content, form, headingId, onClose, logic = sidebarFormMachine, humanTestLogic = humanTestMachine, inspect, humanTestInspect }: SidebarFormViewProps) {
  const actorRef = useActorRef(logic, { input: { content, form }, inspect: inspectWith(inspect) });
  const humanTestRef = useActorRef(humanTestLogic, { inspect: inspectWith(humanTestInspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const { context } = snapshot;
  const unitTag = `ncf-form-${form.index}`;
  const fields = fieldsOf(context);
  const busy = snapshot.hasTag('busy');
  const result = snapshot.hasTag('result');
  const success = snapshot.hasTag('success');

  useEmittedFocus(actorRef, 'focus.summary', summaryRef);
  useEmittedFocus(actorRef, 'focus.result', resultRef);
  useEmittedFocus(actorRef, 'focus.form', firstFieldRef);
  // The machine's outward signals that concern its neighbours: a send used the question up; Close.
  useEffect(() => {
    const spent = actorRef.on('question.spent', () => humanTestRef.send({ type: 'question.renew' }));
    const close = actorRef.on('panel.close', onClose);
    return () => {
      spent.unsubscribe();
      close.unsubscribe();
    };
  }, [actorRef, humanTestRef, onClose]);

  const input = (name: string) => (value: string) => actorRef.send({ type: 'field.input', name, value });

  return (
    <div className={`ncf_form_wrapper ncf_form_${form.index}`} data-index={form.index} data-state={result ? (success ? 'sent' : 'failed') : busy ? 'sending' : 'editing'}>
      <form
        id={`nk_form_${form.index}`}
        className="ncf_form"
        aria-labelledby={headingId}
        aria-busy={busy}
        noValidate
        hidden={result}
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({ type: 'form.submit', question: humanTestRef.getSnapshot().context.question });
        }}
      >
        <ErrorSummary formId={unitTag} items={errorItems(unitTag, fields.map((field) => field.name), context.errors)} summaryRef={summaryRef} headingLevel={3} />
        {fields.map((field, index) => {
          const frame = { formId: unitTag, name: field.name, label: field.label, error: context.errors[field.name], required: field.required, value: context.values[field.name] ?? '', onChange: input(field.name) };
          if (field.key === 'answer') return <HumanTestView key={field.name} actorRef={humanTestRef} {...frame} texts={content.texts} />;
          if (field.control === 'textarea') return <TextAreaField key={field.name} {...frame} />;
          return (
            <TextField
              key={field.name}
              {...frame}
              type={field.control}
              autoComplete={field.autocomplete}
              controlRef={index === 0 ? firstFieldRef : undefined}
            />
          );
        })}
        <div className="ncf_form_btn_wrapper">
          {/* Stays focusable while sending (a disabled button would drop the focus); the machine ignores a second submit. */}
          <button type="submit" className="ncf_button" aria-disabled={busy ? true : undefined}>
            {busy ? content.texts.sending : content.texts.send}
          </button>
        </div>
      </form>
      <div className="ncf_form_result" hidden={!result}>
        <p ref={resultRef} className="ncf_form_res_message" tabIndex={-1} role={success ? 'status' : 'alert'}>
          {result ? (success ? form.success : content.texts.failed) : null}
        </p>
        <p className="ncf_btn_wrapper">
          <button type="button" className="ncf_button ncf_btn_more" onClick={() => actorRef.send({ type: success ? 'result.more' : 'result.retry' })}>
            {success ? content.texts.sendMore : content.texts.tryAgain}
          </button>
        </p>
        <p className="ncf_btn_wrapper">
          <button type="button" className="ncf_button ncf_btn_close" onClick={() => actorRef.send({ type: 'result.close' })}>
            {content.texts.close}
          </button>
        </p>
      </div>
    </div>
  );
}
