// The switch on the People page (owners only) that lets staff edit the site's content (README.md,
// "Editing the site": who), drawn from the staffEditing machine: the rule as loaded with the
// page, what it changes said beside it, a change sent at once and its outcome announced (a
// status region under the switch: saved, or not saved and why). A tick box from the shared form
// kit; the machine decides, the view only shows its state.
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { staffEditingMachine } from '../../machines/console-access/staff-editing.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { CheckboxField } from '../shared/form-fields/index.ts';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';

const FORM_ID = 'console-staff-editing';

export const STAFF_EDITING_LABEL = 'Staff may edit the site\u2019s content';
/** What the switch changes, beside it: what staff can then do, and what stays with owners. */
export const STAFF_EDITING_EFFECT =
  'When ticked, staff can do what owners do with the site\u2019s content: edit, preview and publish its documents, add projects, restore earlier revisions and upload pictures. ' +
  'Deleting pictures, people, backups and this switch stay with owners. Each change of this switch is recorded in the audit log.';
export const STAFF_EDITING_SAVED_ON = 'Saved: staff may now edit and publish the site\u2019s content and upload pictures.';
export const STAFF_EDITING_SAVED_OFF = 'Saved: only owners may now change the site\u2019s content; staff can still read it.';

export interface StaffEditingSwitchProps extends Pick<ConsolePageProps, 'api' | 'navigate' | 'onSessionEnded'> {
  logic?: typeof staffEditingMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function StaffEditingSwitch({ api, navigate, onSessionEnded, logic = staffEditingMachine, inspect }: StaffEditingSwitchProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });
  const { problem } = snapshot.context;

  const allowing = snapshot.matches('allowing');
  const forbidding = snapshot.matches('forbidding');
  // While a change is asked for, the box shows what was asked; the answer then decides.
  const shown = snapshot.matches('allowed') || snapshot.matches('notAllowed') || allowing || forbidding;
  const ticked = snapshot.matches('allowed') || allowing;
  const refused = snapshot.matches({ allowed: 'refused' }) || snapshot.matches({ notAllowed: 'refused' });

  return (
    <section className="console-people__editing" aria-labelledby="console-staff-editing-title" aria-busy={snapshot.hasTag('busy')}>
      <h2 id="console-staff-editing-title">What staff may do</h2>
      {snapshot.matches('loading') ? <p>Checking whether staff may edit the site&rsquo;s content&hellip;</p> : null}
      {snapshot.matches('failed') ? (
        <div role="alert" className="console-people__problem">
          <p>Whether staff may edit the site&rsquo;s content could not be read. {problem}</p>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'setting.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {shown ? (
        <CheckboxField
          formId={FORM_ID}
          name="staffMayEdit"
          label={'Editing the site\u2019s content'}
          hint={STAFF_EDITING_EFFECT}
          text={STAFF_EDITING_LABEL}
          value="yes"
          checked={ticked}
          onChange={() => actorRef.send({ type: 'switch.toggle' })}
        />
      ) : null}
      <p role="status" className={refused ? 'console-people__problem' : 'console-people__editing-status'}>
        {allowing || forbidding ? 'Saving\u2026' : null}
        {snapshot.matches({ allowed: 'saved' }) ? STAFF_EDITING_SAVED_ON : null}
        {snapshot.matches({ notAllowed: 'saved' }) ? STAFF_EDITING_SAVED_OFF : null}
        {refused ? `Not saved: ${problem ?? ''}` : null}
      </p>
    </section>
  );
}
