// The step executor for events an invoked actor reports: the fake invoked as `src` sends the
// step's event back to the machine, as the real actor would.
import { act } from '@testing-library/react';
import type { EventObject } from 'xstate';
import type { FakeCallbackActor } from './fake-actors.ts';
import type { StepExecutor } from './model-types.ts';

export function sendBackFrom(src: string): StepExecutor {
  return async ({ event, fakes }) => {
    const running = (fakes[src] as FakeCallbackActor | undefined)?.running;
    if (!running) throw new Error(`${src} is not running`);
    await act(async () => running.sendBack(event as EventObject));
  };
}
