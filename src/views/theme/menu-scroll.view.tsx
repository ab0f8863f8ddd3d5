// Smooth scrolling to sections. <MenuScroll> runs the menuScroll machine for the whole page and
// hands it down; <SectionLink> is an ordinary link that, when its anchor names a section of
// this page, asks the machine to scroll there instead of letting the browser jump. Without the
// machine (no script yet, or no <MenuScroll> above it) it stays a plain link.
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom, InspectionEvent } from 'xstate';
import { menuScrollMachine, type MenuLayout } from '../../machines/theme/menu-scroll.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { isPlainClick } from '../shared/plain-click.ts';

type MenuScrollActor = ActorRefFrom<typeof menuScrollMachine>;

const MenuScrollContext = createContext<MenuScrollActor | null>(null);

export interface MenuScrollProps {
  children: ReactNode;
  /** The ids of this page's sections (none on pages without sections). */
  sectionIds: readonly string[];
  layout?: MenuLayout;
  /** The machine to run; tests pass `menuScrollMachine.provide({ actors })` with fakes. */
  logic?: typeof menuScrollMachine;
  /** Receives the actor system's inspection events (the model-based harness records coverage). */
  inspect?: (event: InspectionEvent) => void;
}

export function MenuScroll({ children, sectionIds, layout = 'top', logic = menuScrollMachine, inspect }: MenuScrollProps) {
  // The input is read once, when the actor starts: a page's sections and layout do not change.
  const actorRef = useActorRef(logic, { input: { sectionIds, layout }, inspect: inspectWith(inspect) });
  return <MenuScrollContext.Provider value={actorRef}>{children}</MenuScrollContext.Provider>;
}

export type SectionLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

export function SectionLink({ href, onClick, ...props }: SectionLinkProps) {
  const actorRef = useContext(MenuScrollContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!actorRef || !isPlainClick(event)) return;
    const click = { type: 'link.click', href } as const;
    // Only links the machine takes (a section of this page) stop the browser's own jump.
    if (!actorRef.getSnapshot().can(click)) return;
    event.preventDefault();
    actorRef.send(click);
  };
  return <a href={href} onClick={handleClick} {...props} />;
}
