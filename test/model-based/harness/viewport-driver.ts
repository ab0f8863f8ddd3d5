// Drives `scroll.update` and `viewport.resize` steps the way a visitor would: it moves the jsdom
// window and dispatches the DOM event, so the REAL viewport service (one passive listener,
// throttled to animation frames) and the real `viewport` callback actor deliver the machine
// event. Faking the `viewport` actor instead would leave the listener, the frame throttling and
// the change detection untested in the one place they meet a rendered view.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { StepExecutor } from './model-types.ts';

/** Long enough for the fake clock to run a requestAnimationFrame callback (16 ms frames). */
const ONE_FRAME_MS = 17;

function setWindowProperty(name: 'scrollY' | 'pageYOffset' | 'innerWidth', value: number) {
  Object.defineProperty(window, name, { configurable: true, writable: true, value });
}

/** Puts the window where a test starts, without dispatching events (call before rendering). */
export function setViewport({ scrollY = 0, width = 1024 }: { scrollY?: number; width?: number }) {
  setWindowProperty('scrollY', scrollY);
  setWindowProperty('pageYOffset', scrollY);
  setWindowProperty('innerWidth', width);
}

async function dispatchAndWaitOneFrame(type: 'scroll' | 'resize') {
  await act(async () => {
    window.dispatchEvent(new Event(type));
    await vi.advanceTimersByTimeAsync(ONE_FRAME_MS);
  });
}

export async function scrollWindowTo(scrollY: number) {
  setWindowProperty('scrollY', scrollY);
  setWindowProperty('pageYOffset', scrollY);
  await dispatchAndWaitOneFrame('scroll');
}

export async function resizeWindowTo(width: number) {
  setWindowProperty('innerWidth', width);
  await dispatchAndWaitOneFrame('resize');
}

interface ScrollUpdate extends EventObject {
  type: 'scroll.update';
  scrollY: number;
}
interface ViewportResize extends EventObject {
  type: 'viewport.resize';
  width: number;
}

/** Step executors for the viewport events; spread them into a model's `events`. */
export const viewportSteps: Record<'scroll.update' | 'viewport.resize', StepExecutor> = {
  'scroll.update': ({ event }) => scrollWindowTo((event as ScrollUpdate).scrollY),
  'viewport.resize': ({ event }) => resizeWindowTo((event as ViewportResize).width),
};

/**
 * The viewport actor only reports changes, so a path must not "scroll" to where the page
 * already is: use as a model's `filterEvents`. Works for machines that keep the last reported
 * values as `context.scrollY` / `context.width`.
 */
export function isViewportChange(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const context = snapshot.context as { scrollY?: number; width?: number };
  if (event.type === 'scroll.update') return context.scrollY !== (event as ScrollUpdate).scrollY;
  if (event.type === 'viewport.resize') return context.width !== (event as ViewportResize).width;
  return true;
}
