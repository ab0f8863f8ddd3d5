// The before/after comparison: renders the beforeAfter machine. The "after" picture fills the
// box; the "before" picture lies on top of it, cut off at the divider (a clip, so nothing is laid
// out again as it moves); the divider and its handle follow by a transform. The handle is the
// slider the keyboard moves. The box keeps the pictures' shape from the start: it never shifts
// the page. Without JavaScript the two pictures stand one above the other, each labelled.
import { useActorRef, useSelector } from '@xstate/react';
import type { CSSProperties, KeyboardEvent, PointerEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import type { ProjectPages } from '../../../content/structs/project-pages.struct.ts';
import { beforeAfterMachine } from '../../machines/media/before-after.machine.ts';
import { COMPARISON_KEY_STEP_PERCENT, COMPARISON_PAGE_STEP_PERCENT } from '../../machines/shared/theme.constants.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { ResponsivePicture } from '../sections/parts/responsive-picture.view.tsx';

type Comparison = NonNullable<ProjectPages['projects'][string]['beforeAfter']>;

export interface BeforeAfterProps {
  comparison: Comparison;
  words: ProjectPages['words'];
  /** The picture's shown width, as a `sizes` attribute. */
  sizes: string;
  /** The machine to run; tests pass their own to record coverage. */
  logic?: typeof beforeAfterMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** The keys the slider answers, and what each asks of the machine. */
const keySteps: Record<string, number> = {
  ArrowLeft: -COMPARISON_KEY_STEP_PERCENT,
  ArrowDown: -COMPARISON_KEY_STEP_PERCENT,
  ArrowRight: COMPARISON_KEY_STEP_PERCENT,
  ArrowUp: COMPARISON_KEY_STEP_PERCENT,
  PageDown: -COMPARISON_PAGE_STEP_PERCENT,
  PageUp: COMPARISON_PAGE_STEP_PERCENT,
};

export function BeforeAfter({ comparison, words, sizes, logic = beforeAfterMachine, inspect }: BeforeAfterProps) {
  const actorRef = useActorRef(logic, { inspect: inspectWith(inspect) });
  const position = useSelector(actorRef, (snapshot) => snapshot.context.position);
  const dragging = useSelector(actorRef, (snapshot) => snapshot.hasTag('dragging'));
  const shown = Math.round(position);

  /** Where the pointer is, and the % of the box's width under it. */
  const placeOf = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX, y: event.clientY, position: box.width > 0 ? ((event.clientX - box.left) / box.width) * 100 : position };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // The moves keep coming to the box while the pointer is down, even outside it.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    actorRef.send({ type: 'pointer.down', ...placeOf(event) });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const delta = keySteps[event.key];
    if (delta !== undefined) actorRef.send({ type: 'key.step', delta });
    else if (event.key === 'Home') actorRef.send({ type: 'key.edge', position: 0 });
    else if (event.key === 'End') actorRef.send({ type: 'key.edge', position: 100 });
    else return;
    event.preventDefault();
  };

  return (
    <figure className={dragging ? 'before-after is-dragging' : 'before-after'} style={{ '--before-after-position': `${position}%` } as CSSProperties}>
      <div
        className="before-after__stage"
        onPointerDown={onPointerDown}
        onPointerMove={(event) => actorRef.send({ type: 'pointer.move', ...placeOf(event) })}
        onPointerUp={(event) => actorRef.send({ type: 'pointer.up', ...placeOf(event) })}
        onPointerCancel={() => actorRef.send({ type: 'pointer.cancel' })}
      >
        <div className="before-after__picture before-after__picture--after">
          <ResponsivePicture image={comparison.after} sizes={sizes} />
          <span className="before-after__label">{words.after}</span>
        </div>
        <div className="before-after__picture before-after__picture--before">
          <ResponsivePicture image={comparison.before} sizes={sizes} />
          <span className="before-after__label">{words.before}</span>
        </div>
        <div className="before-after__divider">
          <span
            className="before-after__handle"
            role="slider"
            tabIndex={0}
            aria-label={words.divider}
            aria-orientation="horizontal"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={shown}
            aria-valuetext={words.dividerValue.replace('%before', String(shown)).replace('%after', String(100 - shown))}
            onKeyDown={onKeyDown}
          />
        </div>
      </div>
      <figcaption>{comparison.caption}</figcaption>
    </figure>
  );
}
