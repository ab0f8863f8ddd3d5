// A quiz question (Contact Form 7's quiz): the question is part of the label. The question and
// the hash of its answers come from the refill, so a cached page never fixes one question.
import { textOf } from '../../machines/contact-form-values.ts';
import { describedBy, fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export function QuizField({ field, context, send }: FieldViewProps<'quiz'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const question = context.quiz[field.name]?.question ?? field.questions[0]?.question ?? '';
  return (
    <FormGroup field={{ ...field, label: `${field.label}: ${question}` }} ids={ids} error={error}>
      <input
        id={ids.control}
        type="text"
        name={field.name}
        className="wpcf7-form-control wpcf7-quiz"
        autoComplete="off"
        value={textOf(context.values[field.name])}
        aria-required="true"
        aria-invalid={error ? true : false}
        aria-describedby={describedBy(ids, { hint: Boolean(field.hint), error: Boolean(error) })}
        onChange={(event) => send({ type: 'field.input', name: field.name, value: event.target.value })}
        onBlur={() => send({ type: 'field.blur', name: field.name })}
      />
    </FormGroup>
  );
}
