// One key figure. Screen readers get the final text only (a visually hidden span); what counts
// is aria-hidden. The final number is also laid out, invisible, in the same grid cell as the
// counting digits, so the figure is as wide while counting as at the end and nothing in or
// around it moves (CLS 0; Chrome counts a text node pushed sideways, such as a suffix after
// growing digits, as a layout shift).
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { counterMachine } from '../../machines/theme/counter.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

/** South African style, a space between thousands ("9 400"), the same in Node and every browser. */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

export interface CounterProps {
  value: number;
  prefix?: string;
  suffix?: string;
  label: string;
  /** The machine to run; tests pass `counterMachine.provide({ actors })` with fakes. */
  logic?: typeof counterMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function Counter({ value, prefix = '', suffix = '', label, logic = counterMachine, inspect }: CounterProps) {
  const element = useRef<HTMLLIElement>(null);
  const actorRef = useActorRef(logic, { input: { value, getElement: () => element.current }, inspect: inspectWith(inspect) });
  const shown = useSelector(actorRef, (snapshot) => snapshot.context.shown);
  const state = useSelector(actorRef, (snapshot) => String(snapshot.value));
  const final = `${prefix}${formatCount(value)}${suffix}`;

  return (
    <li ref={element} className="counter" data-state={state}>
      <span className="counter__value" data-value={value}>
        <span className="visually-hidden">{final}</span>
        <span className="counter__shown" aria-hidden="true">
          {prefix}
          {/* The final number, invisible (drawn by CSS from data-final, so it is no text of the
              page), sizes the cell the digits count in from its left edge: neither the digits
              nor the suffix after them ever move. */}
          <span className="counter__number">
            <span className="counter__sizer" data-final={formatCount(value)} />
            <span className="counter__digits">{formatCount(shown)}</span>
          </span>
          {suffix}
        </span>
      </span>
      <span className="counter__label">{label}</span>
    </li>
  );
}
