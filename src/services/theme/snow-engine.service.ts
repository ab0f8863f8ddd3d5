// The snow engine (a lazy chunk): flakes drawn on one canvas that covers the viewport. The
// simulation is plain functions over plain data (tested without a canvas); the scene adds the
// frame loop, the canvas size and the drawing.
import type { SnowCounts, SnowEngine, SnowScene } from './snow.actor.ts';

export interface Flake {
  x: number;
  y: number;
  /** Radius (px). */
  r: number;
  /** Fall speed (px/s). */
  speed: number;
  /** Sideways sway: amplitude (px) and phase. */
  sway: number;
  phase: number;
}

export interface StickyFlake extends Flake {
  /** Where it settles (px from the top); it stays there once reached. */
  restY: number;
}

export interface SnowState {
  width: number;
  height: number;
  falling: Flake[];
  sticky: StickyFlake[];
}

export type Random = () => number;

function newFlake(width: number, y: number, random: Random): Flake {
  return { x: random() * width, y, r: 1 + random() * 2.5, speed: 30 + random() * 60, sway: 10 + random() * 20, phase: random() * Math.PI * 2 };
}

function newStickyFlake(width: number, height: number, random: Random): StickyFlake {
  const flake = newFlake(width, -10 - random() * height, random);
  // Settles in a thin band at the bottom edge, like snow on a sill.
  return { ...flake, restY: height - flake.r - random() * 12 };
}

export function createSnowState(width: number, height: number, counts: SnowCounts, random: Random = Math.random): SnowState {
  return {
    width,
    height,
    // Spread over the whole height at first, so the screen does not fill from the top row by row.
    falling: Array.from({ length: counts.falling }, () => newFlake(width, random() * height, random)),
    sticky: Array.from({ length: counts.sticky }, () => newStickyFlake(width, height, random)),
  };
}

/** Moves every flake on by `dt` seconds: falling ones wrap to the top, sticky ones stop at their rest. */
export function advanceSnow(state: SnowState, dt: number, random: Random = Math.random): void {
  for (const flake of state.falling) {
    flake.y += flake.speed * dt;
    flake.phase += dt;
    if (flake.y - flake.r > state.height) Object.assign(flake, newFlake(state.width, -flake.r, random));
  }
  for (const flake of state.sticky) {
    if (flake.y >= flake.restY) continue;
    flake.phase += dt;
    flake.y = Math.min(flake.restY, flake.y + flake.speed * dt);
  }
}

/** The settled flakes are replaced by new ones falling from above the top edge. */
export function regenerateSticky(state: SnowState, random: Random = Math.random): void {
  state.sticky = state.sticky.map(() => newStickyFlake(state.width, state.height, random));
}

/** Where a flake is drawn: its position plus its sway (settled flakes do not sway). */
export function drawnX(flake: Flake | StickyFlake): number {
  const settled = 'restY' in flake && flake.y >= flake.restY;
  return settled ? flake.x : flake.x + Math.sin(flake.phase) * flake.sway;
}

/** The longest step a frame may take: after a long pause the flakes move on, not jump. */
const MAX_STEP_S = 0.05;

function createScene(canvas: HTMLCanvasElement, counts: SnowCounts): SnowScene {
  const context = canvas.getContext('2d');
  let state = createSnowState(window.innerWidth, window.innerHeight, counts);
  let frame = 0;
  let last = 0;

  const resize = () => {
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(window.innerWidth * ratio);
    canvas.height = Math.round(window.innerHeight * ratio);
    context?.setTransform(ratio, 0, 0, ratio, 0, 0);
    // Flakes keep their place; new ones (wrap, regenerate) use the new size.
    state = { ...state, width: window.innerWidth, height: window.innerHeight };
  };

  const draw = () => {
    if (!context) return;
    context.clearRect(0, 0, state.width, state.height);
    context.fillStyle = 'rgb(255 255 255 / 85%)';
    context.beginPath();
    for (const flake of [...state.falling, ...state.sticky]) {
      const x = drawnX(flake);
      context.moveTo(x + flake.r, flake.y);
      context.arc(x, flake.y, flake.r, 0, Math.PI * 2);
    }
    context.fill();
  };

  const tick = (time: number) => {
    const dt = last ? Math.min(MAX_STEP_S, (time - last) / 1000) : 0;
    last = time;
    advanceSnow(state, dt);
    draw();
    frame = requestAnimationFrame(tick);
  };

  resize();
  window.addEventListener('resize', resize, { passive: true });

  return {
    play() {
      if (frame) return;
      last = 0;
      frame = requestAnimationFrame(tick);
    },
    pause() {
      cancelAnimationFrame(frame);
      frame = 0;
    },
    regenerateSticky() {
      regenerateSticky(state);
    },
    destroy() {
      cancelAnimationFrame(frame);
      frame = 0;
      window.removeEventListener('resize', resize);
      context?.clearRect(0, 0, canvas.width, canvas.height);
    },
  };
}

export const snowEngine: SnowEngine = { create: createScene };
