// The main menu's container: on narrow screens a "Menu" toggle shows and hides it, as the
// mobileMenu machine says. The CSS collapses the menu only while scripts run, so without
// JavaScript (and before hydration) the whole menu is on the page; on wide screens the toggle is
// hidden and the menu always shows.
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { mobileMenuMachine } from '../../machines/theme/mobile-menu.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

/** The toggle and the menu: the part of the page that stays usable while the menu is open. */
export const MOBILE_MENU_ID = 'mobile-menu';
export const MAIN_MENU_ID = 'main-menu';

export interface MobileMenuProps {
  /** Accessible name of the menu's navigation landmark. */
  label: string;
  /** The menu's list. */
  children: ReactNode;
  /** The machine to run; tests pass `mobileMenuMachine.provide({ actors })` with fakes. */
  logic?: typeof mobileMenuMachine;
  /** Receives the actor system's inspection events (the model-based harness records coverage). */
  inspect?: (event: InspectionEvent) => void;
}

export function MobileMenu({ label, children, logic = mobileMenuMachine, inspect }: MobileMenuProps) {
  const actorRef = useActorRef(logic, { input: { containerId: MOBILE_MENU_ID }, inspect: inspectWith(inspect) });
  const open = useSelector(actorRef, (snapshot) => snapshot.hasTag('expanded'));
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const subscription = actorRef.on('focus.toggle', () => toggle.current?.focus());
    return () => subscription.unsubscribe();
  }, [actorRef]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') actorRef.send({ type: 'key.escape' });
  };
  // Any link in the menu: the page moves on (to a section, or another page), the menu closes.
  const onMenuClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) actorRef.send({ type: 'link.click' });
  };

  return (
    <div id={MOBILE_MENU_ID} className={open ? 'mobile-menu is-open' : 'mobile-menu'} data-state={open ? 'open' : 'closed'} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={MAIN_MENU_ID}
        onClick={() => actorRef.send({ type: 'toggle.click' })}
      >
        <span className="menu-toggle__bars" aria-hidden="true" />
        <span className="menu-toggle__label">Menu</span>
      </button>
      <nav id={MAIN_MENU_ID} className="main-menu" aria-label={label} onClick={onMenuClick}>
        {children}
      </nav>
    </div>
  );
}
