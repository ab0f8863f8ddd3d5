// Elements of the page that open the contact panel, as machine events: any element with the
// plugin's class `ncf_trigger_element`, and those the content's `togglers` selector names. A
// machine invokes this callback actor (as `src: 'panelTriggers'`) and receives `trigger.click`;
// the click itself is taken over (a trigger is often a link to the page's own contact section,
// which is where it leads without scripts).
import { fromCallback, type EventObject } from 'xstate';

export const TRIGGER_CLASS = 'ncf_trigger_element';

export interface PanelTriggersInput {
  /** Extra selector list ('' for none). */
  togglers: string;
}

export function triggerSelector(togglers: string): string {
  return togglers.trim() === '' ? `.${TRIGGER_CLASS}` : `.${TRIGGER_CLASS}, ${togglers}`;
}

export const panelTriggers = fromCallback<EventObject, PanelTriggersInput>(({ input, sendBack }) => {
  const selector = triggerSelector(input.togglers);
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!(event.target instanceof Element) || event.target.closest(selector) === null) return;
    event.preventDefault();
    sendBack({ type: 'trigger.click' });
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
});
