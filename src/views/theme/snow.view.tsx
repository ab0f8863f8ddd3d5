// The snow island (a lazy chunk, mounted only when the content switches snow on): one canvas fixed
// over the viewport, out of the layout (it can never shift anything), ignored by the pointer and
// by assistive technology. The snow machine decides when it is drawn on.
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { snowMachine } from '../../machines/theme/snow.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface SnowProps {
  enabled: boolean;
  /** The machine to run; tests pass `snowMachine.provide({ actors })` with fakes. */
  logic?: typeof snowMachine;
  inspect?: (event: InspectionEvent) => void;
}

export default function Snow({ enabled, logic = snowMachine, inspect }: SnowProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const actorRef = useActorRef(logic, { input: { enabled, getCanvas: () => canvas.current }, inspect: inspectWith(inspect) });
  const state = useSelector(actorRef, (snapshot) => JSON.stringify(snapshot.value));
  const snowing = useSelector(actorRef, (snapshot) => snapshot.matches({ enabled: 'snowing' }));
  return <canvas ref={canvas} className="snow" aria-hidden="true" hidden={!snowing} data-state={state} />;
}
