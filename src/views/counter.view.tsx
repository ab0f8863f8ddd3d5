// One key figure. Screen readers and copy-paste get the final text only (a visually hidden
// span); the digits that count are aria-hidden. The final text is also laid out, invisible, in
// the same grid cell as the digits, so the figure is as wide while counting as at the end:
// nothing around it moves (CLS 0).
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { counterMachine } from '../machines/counter.machine.ts';

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
  const actorRef = useActorRef(logic, { input: { value, getElement: () => element.current }, inspect });
  const shown = useSelector(actorRef, (snapshot) => snapshot.context.shown);
  const state = useSelector(actorRef, (snapshot) => String(snapshot.value));
  const final = `${prefix}${formatCount(value)}${suffix}`;

  return (
    <li ref={element} className="counter" data-state={state}>
      <span className="counter__value" data-value={value}>
        <span className="visually-hidden">{final}</span>
        <span className="counter__sizer" aria-hidden="true">
          {final}
        </span>
        <span className="counter__digits" aria-hidden="true">
          {prefix}
          {formatCount(shown)}
          {suffix}
        </span>
      </span>
      <span className="counter__label">{label}</span>
    </li>
  );
}
