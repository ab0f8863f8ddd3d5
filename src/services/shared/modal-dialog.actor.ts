// A <dialog> shown as a modal while an actor runs: the browser makes the rest of the page inert,
// keeps the focus inside, closes it on Escape and gives the focus back when it closes. Its
// closing (Escape, its close button's `method="dialog"` form) is reported as `dialog.closed`;
// stopping the actor closes it too.
import { fromCallback, type EventObject } from 'xstate';

export interface ModalDialogInput {
  dialogId: string;
}

export const modalDialog = fromCallback<EventObject, ModalDialogInput>(({ input, sendBack }) => {
  const dialog = document.getElementById(input.dialogId);
  if (!(dialog instanceof HTMLDialogElement)) {
    // Nothing to show: the machine goes back to where it was.
    sendBack({ type: 'dialog.closed' });
    return undefined;
  }
  const onClose = () => sendBack({ type: 'dialog.closed' });
  dialog.addEventListener('close', onClose);
  if (!dialog.open) dialog.showModal();
  return () => {
    dialog.removeEventListener('close', onClose);
    if (dialog.open) dialog.close();
  };
});
