// The transitions of a draft being edited, written once for the two machines that edit one (the
// document editor, contentEditor, and Add project, addProject): each names the same actions
// (applyEdit, checkDraft, focusMoved) and guards (isUnchangedBy, isValidBy) in its own setup, and
// `editing.clean` is the draft as it started. `machineId` is the machine's id, for the target.
import type { DraftEdit } from './draft-edit.ts';

type Edited = { event: { edit: DraftEdit } };
const editedBy = ({ event }: Edited) => ({ edit: event.edit });

const apply = { type: 'applyEdit', params: editedBy } as const;
const moveFocus = { type: 'focusMoved', params: editedBy } as const;

export function draftTransitions<Id extends string>(machineId: Id) {
  const backToClean = { guard: { type: 'isUnchangedBy', params: editedBy }, target: `#${machineId}.editing.clean`, actions: [apply, moveFocus] } as const;
  return {
    /** The first change: the draft is changed now. */
    fromClean: { target: 'changed', actions: [apply, moveFocus] },
    /** A change while dirty: back to clean when it undoes the draft, else still dirty. */
    whileDirty: [backToClean, { actions: [apply, moveFocus] }],
    /** A change while problems are shown: they follow it, and go with the last one. */
    whileInvalid: [backToClean, { guard: { type: 'isValidBy', params: editedBy }, target: 'dirty', actions: [apply, 'checkDraft'] }, { actions: [apply, 'checkDraft', moveFocus] }],
  } as const;
}
