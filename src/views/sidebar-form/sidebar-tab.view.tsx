// The tab on the screen's edge that opens the contact panel (the plugin's `.ncf_tab`): a button
// named by the content's label ("Contact us") with the icon the content picks, placed at the
// content's height (`label_top`), shown as the sidebarTab machine says.
import { useActorRef, useSelector } from '@xstate/react';
import type { Ref } from 'react';
import type { InspectionEvent } from 'xstate';
import type { SidebarContactOptions } from '../../../content/structs/sidebar-contact.struct.ts';
import { sidebarTabMachine } from '../../machines/sidebar-form/sidebar-tab.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

const ICONS: Record<SidebarContactOptions['label'], string> = {
  // An envelope.
  '1': 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1m1 3.2V17h16V8.2l-8 5.3zM5.6 7l6.4 4.2L18.4 7z',
  // A speech bubble.
  '2': 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2m0 2v10h2v2l2.5-2H20V6z',
  // A pen.
  '3': 'M16.7 3.3a1 1 0 0 1 1.4 0l2.6 2.6a1 1 0 0 1 0 1.4L9 19l-5 1 1-5zM6.8 15.6l-.5 2.1 2.1-.5L17.6 8 16 6.4z',
};

export interface SidebarTabViewProps {
  options: SidebarContactOptions;
  labelText: string;
  /** The dialog the tab opens. */
  controls: string;
  expanded: boolean;
  onOpen(): void;
  tabRef: Ref<HTMLButtonElement>;
  logic?: typeof sidebarTabMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function SidebarTabView({ options, labelText, controls, expanded, onOpen, tabRef, logic = sidebarTabMachine, inspect }: SidebarTabViewProps) {
  const actorRef = useActorRef(logic, { input: { visibility: options.label_vis }, inspect: inspectWith(inspect) });
  const visible = useSelector(actorRef, (snapshot) => snapshot.hasTag('visible'));
  if (!visible) return null;
  const classes = ['ncf_tab', `ncf_tab--${options.sidebar_pos}`, `ncf-theme--${options.theme}`, options.label_vis === 'hidden_500' ? 'ncf_tab--hidden-500' : '', options.label_vis === 'scroll' ? 'ncf_tab--fade-in' : ''];
  return (
    <button
      ref={tabRef}
      type="button"
      className={classes.filter(Boolean).join(' ')}
      style={{ top: options.label_top }}
      aria-haspopup="dialog"
      aria-controls={controls}
      aria-expanded={expanded}
      onClick={onOpen}
    >
      <svg className="ncf_tab__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d={ICONS[options.label]} fill="currentColor" />
      </svg>
      <span className="visually-hidden">{labelText}</span>
    </button>
  );
}
