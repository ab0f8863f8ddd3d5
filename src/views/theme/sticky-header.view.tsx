// The site header. It wraps the main menu and shows the stickyHeader machine's state as classes
// (`is-smaller`, `is-shown`) and `data-state`, for CSS to animate; it renders nothing else.
import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent, StateValue } from 'xstate';
import { stickyHeaderMachine } from '../../machines/theme/sticky-header.machine.ts';
import { SECTION } from '../../../content/section-ids.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface StickyHeaderProps {
  children: ReactNode;
  /** The auto-show variant: hidden at the top, shown after 50 px of scroll. */
  autoShow?: boolean;
  /**
   * Where the main menu is (content/documents/site.json): `left-navbar` makes the header a sidebar on wide
   * screens (CSS reads `data-menu-layout`; the ordinary top layout needs no attribute).
   */
  menuLayout?: 'top' | 'left-navbar';
  /** The machine to run; tests pass `stickyHeaderMachine.provide({ actors })` with fakes. */
  logic?: typeof stickyHeaderMachine;
  /** Receives the actor system's inspection events (the model-based harness records coverage). */
  inspect?: (event: InspectionEvent) => void;
}

/** Active leaf states as dot paths, e.g. "size.smaller visibility.pinned" (CSS: `[data-state~=…]`). */
function leafPaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, child]) => (child ? leafPaths(child, `${prefix}${key}.`) : []));
}

export function StickyHeader({ children, autoShow = false, menuLayout = 'top', logic = stickyHeaderMachine, inspect }: StickyHeaderProps) {
  // `autoShow` is read once, when the actor starts: the variant is a page's design, not a toggle.
  const actorRef = useActorRef(logic, { input: { autoShow }, inspect: inspectWith(inspect) });
  const state = useSelector(actorRef, (snapshot) => leafPaths(snapshot.value).join(' '));
  const smaller = useSelector(actorRef, (snapshot) => snapshot.hasTag('smaller'));
  const shown = useSelector(actorRef, (snapshot) => snapshot.hasTag('shown'));

  const className = [
    'site-header',
    autoShow && 'site-header--auto-show',
    smaller && 'is-smaller',
    shown && 'is-shown',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <header id={SECTION.header} className={className} data-state={state} data-menu-layout={menuLayout === 'top' ? undefined : menuLayout}>
      {children}
    </header>
  );
}
