// The human test's answer field: its label is the question ("3 + 4 = ?") once the server has
// given one; before that it says the question is on its way, and if it could not be fetched,
// says so with a button to ask again. The value and its error belong to the form.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { FormField } from '../../content/forms/index.ts';
import type { SidebarContact } from '../../content/structs/sidebar-contact.struct.ts';
import type { humanTestMachine } from '../machines/human-test.machine.ts';
import { describedBy, type FieldIds } from './form-fields/field-ids.ts';
import { FormGroup } from './form-fields/form-group.view.tsx';

export interface HumanTestViewProps {
  actorRef: ActorRefFrom<typeof humanTestMachine>;
  field: FormField;
  ids: FieldIds;
  value: string;
  error: string | undefined;
  texts: SidebarContact['texts'];
  onInput(value: string): void;
}

export function HumanTestView({ actorRef, field, ids, value, error, texts, onInput }: HumanTestViewProps) {
  const question = useSelector(actorRef, (snapshot) => snapshot.context.question);
  const pending = useSelector(actorRef, (snapshot) => snapshot.hasTag('pending'));
  const failed = useSelector(actorRef, (snapshot) => snapshot.matches('failed'));
  const label = question?.text ?? (failed ? texts.questionFailed : texts.questionLoading);
  const statusId = `${ids.control}-status`;
  return (
    <div className="ncf-human-test" aria-busy={pending}>
      <FormGroup field={{ ...field, label }} ids={ids} error={error}>
        <input
          id={ids.control}
          name={field.name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          size={3}
          value={value}
          aria-required
          aria-invalid={error ? true : false}
          aria-describedby={describedBy(ids, { error: Boolean(error), extra: failed ? [statusId] : [] })}
          onChange={(event) => onInput(event.target.value)}
        />
      </FormGroup>
      {failed ? (
        <p id={statusId} className="ncf-human-test__failed">
          <button type="button" className="ncf_button ncf_button--quiet" onClick={() => actorRef.send({ type: 'question.retry' })}>
            {texts.questionRetry}
          </button>
        </p>
      ) : null}
    </div>
  );
}
