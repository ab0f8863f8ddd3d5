// The console's navigation behind a "Menu" button on a phone, as the consoleNavigation machine
// says (README.md, "The console"). The stylesheet (console.css) folds the panel only below the
// console's breakpoint; from it up the button is hidden and the panel always shows. The button
// and the panel are two items of the header's row (a fragment), so the button sits beside the
// company's name.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import { consoleNavigationMachine } from '../../machines/console-access/console-navigation.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export const CONSOLE_MENU_ID = 'console-menu';

export interface ConsoleNavigationProps {
  /** What folds behind the button: the navigation landmark and the link to the site. */
  children: ReactNode;
  logic?: typeof consoleNavigationMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function ConsoleNavigation({ children, logic = consoleNavigationMachine, inspect }: ConsoleNavigationProps) {
  const actorRef = useActorRef(logic, { inspect: inspectWith(inspect) });
  const open = useSelector(actorRef, (snapshot) => snapshot.hasTag('expanded'));
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const subscription = actorRef.on('focus.toggle', () => toggle.current?.focus());
    return () => subscription.unsubscribe();
  }, [actorRef]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') actorRef.send({ type: 'key.escape' });
  };
  // A link in the panel: the console moves to its page, the panel folds.
  const onPanelClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) actorRef.send({ type: 'link.click' });
  };

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="console-menu-toggle"
        aria-expanded={open}
        aria-controls={CONSOLE_MENU_ID}
        onClick={() => actorRef.send({ type: 'toggle.click' })}
        onKeyDown={onKeyDown}
      >
        <span className="console-menu-toggle__bars" aria-hidden="true" />
        Menu
      </button>
      {/* Escape and the links' clicks bubble here from the links inside. */}
      <div id={CONSOLE_MENU_ID} className={open ? 'console-menu is-open' : 'console-menu'} data-state={open ? 'open' : 'closed'} onKeyDown={onKeyDown} onClick={onPanelClick}>
        {children}
      </div>
    </>
  );
}
