// The snow effect's side of its machine: loading the engine (a lazy chunk, fetched only when the
// content switches snow on) and running a scene on the view's canvas while the machine says so.
import { fromCallback, fromPromise, type EventObject } from 'xstate';

export interface SnowCounts {
  /** Flakes falling at any time (each starts again at the top when it leaves the bottom). */
  falling: number;
  /** Flakes that settle at the bottom of the screen and stay until regenerated. */
  sticky: number;
}

export interface SnowScene {
  play(): void;
  pause(): void;
  /** The settled flakes start falling anew from the top. */
  regenerateSticky(): void;
  /** Stops drawing, clears the canvas and removes every listener. */
  destroy(): void;
}

export interface SnowEngine {
  create(canvas: HTMLCanvasElement, counts: SnowCounts): SnowScene;
}

export const loadSnowEngine = fromPromise<SnowEngine>(async () => (await import('./snow-engine.service.ts')).snowEngine);

/** What the snow machine tells its running scene. */
export type SnowCommand = { type: 'snow.play' } | { type: 'snow.pause' } | { type: 'sticky.regenerate' };

export interface SnowfallInput extends SnowCounts {
  engine: SnowEngine;
  getCanvas: () => HTMLCanvasElement | null;
}

/** A scene on the canvas for as long as it is invoked; it starts paused and follows the machine's commands. */
export const snowfall = fromCallback<EventObject, SnowfallInput>(({ input, receive }) => {
  const canvas = input.getCanvas();
  if (!canvas) return undefined;
  const scene = input.engine.create(canvas, { falling: input.falling, sticky: input.sticky });
  receive((event) => {
    const command = event as SnowCommand;
    if (command.type === 'snow.play') scene.play();
    else if (command.type === 'snow.pause') scene.pause();
    else if (command.type === 'sticky.regenerate') scene.regenerateSticky();
  });
  return () => scene.destroy();
});
