// The coming-soon panel: one item at a time, with up and down arrow buttons ("Previous item",
// "Next item") and the ArrowUp/ArrowDown keys while the focus is inside the panel; a polite
// live region names the item after each move. Prerendered, every item is in the HTML and the
// arrows are hidden: without JavaScript every item is listed; a browser that runs scripts shows
// the first item and the arrows from first paint (upcoming.css), so hydration moves nothing.
import { useActorRef, useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import { comingSoonMachine } from '../../machines/theme/coming-soon.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface ComingSoonItem {
  id: string;
  kind: string;
  title: string;
  text: string;
  when: string;
}

export interface ComingSoonViewProps {
  heading: string;
  previousLabel: string;
  nextLabel: string;
  items: readonly ComingSoonItem[];
  logic?: typeof comingSoonMachine;
  inspect?: (event: InspectionEvent) => void;
}

const ArrowIcon = ({ direction }: { direction: 'up' | 'down' }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={direction === 'up' ? 'M12 7.5 5 14.5l1.4 1.4 5.6-5.6 5.6 5.6 1.4-1.4Z' : 'M12 16.5 5 9.5l1.4-1.4 5.6 5.6 5.6-5.6L19 9.5Z'} fill="currentColor" />
  </svg>
);

export function ComingSoonView({ heading, previousLabel, nextLabel, items, logic = comingSoonMachine, inspect }: ComingSoonViewProps) {
  const actorRef = useActorRef(logic, { input: { count: items.length }, inspect: inspectWith(inspect) });
  const state = useSelector(actorRef, (snapshot) => String(snapshot.value));
  const index = useSelector(actorRef, (snapshot) => snapshot.context.index);
  const listed = state === 'listed';
  const current = items[index];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (listed || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      // The arrows step through the items instead of scrolling the page.
      event.preventDefault();
      actorRef.send({ type: event.key === 'ArrowUp' ? 'item.previous' : 'item.next' });
    }
  };

  const position = (at: number) => `${at + 1} of ${items.length}`;

  return (
    <div className={listed ? 'coming-soon' : 'coming-soon coming-soon--single'} data-state={state} onKeyDown={onKeyDown}>
      <div className="coming-soon__top">
        <h3 className="coming-soon__heading" id="coming-soon-title">
          {heading}
        </h3>
        {/* Prerendered too (hidden until the machine runs), so nothing moves when it does. */}
        <p className="coming-soon__position" aria-hidden="true" hidden={listed}>
          {position(index)}
        </p>
      </div>
      <div className="coming-soon__body">
        <ul id="coming-soon-items" className="coming-soon__items" aria-labelledby="coming-soon-title">
          {items.map((item, at) => (
            <li key={item.id} id={`coming-soon-${item.id}`} className="coming-soon__item" hidden={!listed && at !== index}>
              <p className="coming-soon__kind">
                {item.kind} · <span className="coming-soon__when">{item.when}</span>
              </p>
              <h4 className="coming-soon__title">{item.title}</h4>
              <p className="coming-soon__text">{item.text}</p>
            </li>
          ))}
        </ul>
        <div className="coming-soon__arrows" hidden={listed}>
          <button type="button" className="coming-soon__arrow" aria-label={previousLabel} aria-controls="coming-soon-items" onClick={() => actorRef.send({ type: 'item.previous' })}>
            <ArrowIcon direction="up" />
          </button>
          <button type="button" className="coming-soon__arrow" aria-label={nextLabel} aria-controls="coming-soon-items" onClick={() => actorRef.send({ type: 'item.next' })}>
            <ArrowIcon direction="down" />
          </button>
        </div>
      </div>
      {/* Always in the page so that its first change is announced; empty until the visitor moves. */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {state === 'changed' && current ? `${position(index)}: ${current.title}, ${current.when}` : ''}
      </p>
    </div>
  );
}
