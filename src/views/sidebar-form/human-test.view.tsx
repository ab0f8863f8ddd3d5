// The human test's answer field: its label is the question ("3 + 4 = ?") once the server has
// given one; before that it says the question is on its way, and if it could not be fetched,
// says so with a button to ask again. The value and its error belong to the form.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { SidebarContact } from '../../../content/structs/sidebar-contact.struct.ts';
import type { humanTestMachine } from '../../machines/sidebar-form/human-test.machine.ts';
import { fieldIds, TextField, type FieldFrame } from '../shared/form-fields/index.ts';

export interface HumanTestViewProps extends Omit<FieldFrame, 'label' | 'hint'> {
  actorRef: ActorRefFrom<typeof humanTestMachine>;
  value: string;
  texts: SidebarContact['texts'];
  onChange(value: string): void;
}

export function HumanTestView({ actorRef, texts, ...field }: HumanTestViewProps) {
  const question = useSelector(actorRef, (snapshot) => snapshot.context.question);
  const pending = useSelector(actorRef, (snapshot) => snapshot.hasTag('pending'));
  const failed = useSelector(actorRef, (snapshot) => snapshot.matches('failed'));
  const label = question?.text ?? (failed ? texts.questionFailed : texts.questionLoading);
  const statusId = `${fieldIds(field.formId, field.name).control}-status`;
  return (
    <div className="ncf-human-test" aria-busy={pending}>
      <TextField {...field} label={label} required inputMode="numeric" autoComplete="off" maxLength={2} size={3} describedBy={failed ? [statusId] : []} />
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
