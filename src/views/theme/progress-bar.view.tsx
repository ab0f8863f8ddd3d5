// One capability as a progress bar. The accessible value is always the target (role
// progressbar with aria-valuenow), and the percentage is written beside the label; only the
// picture of the fill moves, as a `transform: scaleX()` transition (no layout, CLS 0).
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { progressBarMachine } from '../../machines/theme/progress-bar.machine.ts';
import { PROGRESS_FILL_DURATION_MS } from '../../machines/shared/theme.constants.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface ProgressBarProps {
  label: string;
  /** 0–100. */
  percent: number;
  /** The machine to run; tests pass `progressBarMachine.provide({ actors })` with fakes. */
  logic?: typeof progressBarMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function ProgressBar({ label, percent, logic = progressBarMachine, inspect }: ProgressBarProps) {
  const labelId = useId();
  const element = useRef<HTMLDivElement>(null);
  const actorRef = useActorRef(logic, { input: { getElement: () => element.current }, inspect: inspectWith(inspect) });
  const atTarget = useSelector(actorRef, (snapshot) => snapshot.hasTag('atTarget'));
  const animating = useSelector(actorRef, (snapshot) => snapshot.hasTag('animating'));
  const state = useSelector(actorRef, (snapshot) => String(snapshot.value));

  return (
    <li className="capability" data-state={state}>
      <span className="capability__text">
        <span id={labelId}>{label}</span>
        <span className="capability__percent" aria-hidden="true">
          {percent}%
        </span>
      </span>
      <div
        ref={element}
        className="capability__bar"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span
          className={animating ? 'capability__fill is-filling' : 'capability__fill'}
          style={{
            transform: `scaleX(${atTarget ? percent / 100 : 0})`,
            transitionDuration: animating ? `${PROGRESS_FILL_DURATION_MS}ms` : undefined,
          }}
        />
      </div>
    </li>
  );
}
