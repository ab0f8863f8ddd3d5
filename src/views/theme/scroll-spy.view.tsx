// The main menu's list of links. Each link scrolls smoothly to its section (<SectionLink>), and
// the item of the section under the header carries aria-current="location" (and its look) while
// the scrollSpy machine says the visitor is there.
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import type { Link } from '../../../content/index.ts';
import { scrollSpyMachine } from '../../machines/theme/scroll-spy.machine.ts';
import { SectionLink } from './menu-scroll.view.tsx';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface MainMenuListProps {
  items: readonly Link[];
  /** The sections of this page the menu links to; the others are never marked. */
  sectionIds: readonly string[];
  /** The machine to run; tests pass `scrollSpyMachine.provide({ actors })` with fakes. */
  logic?: typeof scrollSpyMachine;
  /** Receives the actor system's inspection events (the model-based harness records coverage). */
  inspect?: (event: InspectionEvent) => void;
}

/** "/#about" → "about"; links without an anchor have none. */
const anchorOf = (href: string) => href.split('#')[1] ?? null;

export function MainMenuList({ items, sectionIds, logic = scrollSpyMachine, inspect }: MainMenuListProps) {
  const actorRef = useActorRef(logic, { input: { sectionIds }, inspect: inspectWith(inspect) });
  // Null until the first report: the prerendered HTML and the hydrating render mark nothing.
  const current = useSelector(actorRef, (snapshot) => (snapshot.hasTag('marked') ? snapshot.context.current : null));

  return (
    <ul className="main-menu__list">
      {items.map((item) => {
        const isCurrent = current !== null && anchorOf(item.href) === current;
        return (
          <li key={item.href}>
            <SectionLink
              className={isCurrent ? 'main-menu__link is-current' : 'main-menu__link'}
              href={item.href}
              aria-current={isCurrent ? 'location' : undefined}
            >
              {item.label}
            </SectionLink>
          </li>
        );
      })}
    </ul>
  );
}
