// The countdown to an event from the content. The date is written in the HTML (prerendered, so
// it reads without JavaScript and hydrates identically: the digits show "--" until the first
// tick in the browser). The digits are a timer with aria-live off, so a screen reader is not
// told every second; its name is the static date.
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { countdownMachine } from '../../machines/theme/countdown.machine.ts';
import { formatSouthAfricanDateTime, timeLeft, type TimeLeft } from '../../machines/theme/countdown-time.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface CountdownViewProps {
  heading: string;
  eventName: string;
  place: string;
  /** "2026-12-05T09:00:00+02:00" */
  startsAt: string;
  units: Record<keyof TimeLeft, string>;
  finishedText: string;
  logic?: typeof countdownMachine;
  inspect?: (event: InspectionEvent) => void;
}

const UNIT_ORDER: ReadonlyArray<keyof TimeLeft> = ['days', 'hours', 'minutes', 'seconds'];

export function CountdownView({ heading, eventName, place, startsAt, units, finishedText, logic = countdownMachine, inspect }: CountdownViewProps) {
  const actorRef = useActorRef(logic, { input: { target: Date.parse(startsAt) }, inspect: inspectWith(inspect) });
  const finished = useSelector(actorRef, (snapshot) => snapshot.matches('finished'));
  const left = useSelector(
    actorRef,
    (snapshot) => (snapshot.matches({ counting: 'running' }) && snapshot.context.now !== null ? timeLeft(snapshot.context.target, snapshot.context.now) : null),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const state = useSelector(actorRef, (snapshot) => (snapshot.matches('finished') ? 'finished' : `counting.${String((snapshot.value as { counting: string }).counting)}`));
  const when = formatSouthAfricanDateTime(startsAt);

  return (
    <div className="countdown" data-state={state}>
      <h3 className="countdown__heading" id="countdown-title">
        {heading}
      </h3>
      <p className="countdown__event" id="countdown-when">
        {eventName}: <time dateTime={startsAt}>{when}</time>, {place}
      </p>
      {/* The timer and the closing copy share one cell (upcoming.css): the one not in use keeps
          its room, hidden and out of the accessibility tree, so the swap at hydration (a page
          built before the day, opened after it) moves nothing below. */}
      <div className="countdown__stage">
        <div className="countdown__timer" role="timer" aria-live="off" aria-labelledby="countdown-title countdown-when" aria-hidden={finished || undefined}>
          {UNIT_ORDER.map((unit) => (
            <p key={unit} className="countdown__unit">
              <span className="countdown__value" data-unit={unit}>
                {left ? String(left[unit]).padStart(2, '0') : '--'}
              </span>
              <span className="countdown__label">{units[unit]}</span>
            </p>
          ))}
        </div>
        <p className="countdown__finished" aria-hidden={!finished || undefined}>
          {finishedText}
        </p>
      </div>
    </div>
  );
}
