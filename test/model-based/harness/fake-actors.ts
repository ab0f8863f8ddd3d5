// Controllable stand-ins for the actors a machine invokes, injected with
// `machine.provide({ actors })`. The harness completes them when a path says so
// (`xstate.done.actor.<id>` resolves, `xstate.error.actor.<id>` rejects) and state assertions
// can read what they were started with.
import { fromCallback, fromPromise, type AnyActorLogic, type EventObject } from 'xstate';
import type { ActorCompletionEvent } from './model-types.ts';

export interface FakeCallbackInstance<TInput> {
  input: TInput;
  /** True once the invoking state was left (or the actor stopped). */
  stopped: boolean;
  /** Events the machine sent to this actor. */
  received: EventObject[];
  /** Sends an event to the machine, as the real actor would. */
  sendBack(event: EventObject): void;
}

export interface FakeCallbackActor<TInput = unknown> {
  kind: 'callback';
  logic: AnyActorLogic;
  instances: FakeCallbackInstance<TInput>[];
  /** The latest instance that is still running. */
  readonly running: FakeCallbackInstance<TInput> | undefined;
}

export function fakeCallbackActor<TInput = unknown>(): FakeCallbackActor<TInput> {
  const instances: FakeCallbackInstance<TInput>[] = [];
  const logic = fromCallback<EventObject, TInput>(({ input, sendBack, receive }) => {
    const instance: FakeCallbackInstance<TInput> = { input, stopped: false, received: [], sendBack };
    instances.push(instance);
    receive((event) => instance.received.push(event));
    return () => {
      instance.stopped = true;
    };
  });
  return {
    kind: 'callback',
    logic,
    instances,
    get running() {
      return instances.filter((instance) => !instance.stopped).at(-1);
    },
  };
}

export interface FakePromiseInstance<TInput, TOutput> {
  input: TInput;
  signal: AbortSignal;
  settled: boolean;
  resolve(output: TOutput): void;
  reject(error: unknown): void;
}

export interface FakePromiseActor<TOutput = unknown, TInput = unknown> {
  kind: 'promise';
  logic: AnyActorLogic;
  instances: FakePromiseInstance<TInput, TOutput>[];
  /** The latest instance still waiting to be settled. */
  readonly pending: FakePromiseInstance<TInput, TOutput> | undefined;
  /** Resolves the pending instance (the machine receives `xstate.done.actor.<id>`). */
  resolve(output: TOutput): void;
  /** Rejects the pending instance (the machine receives `xstate.error.actor.<id>`). */
  reject(error: unknown): void;
}

export function fakePromiseActor<TOutput = unknown, TInput = unknown>(): FakePromiseActor<TOutput, TInput> {
  const instances: FakePromiseInstance<TInput, TOutput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        const instance: FakePromiseInstance<TInput, TOutput> = {
          input,
          signal,
          settled: false,
          resolve: (output) => {
            instance.settled = true;
            resolve(output);
          },
          reject: (error) => {
            instance.settled = true;
            reject(error);
          },
        };
        instances.push(instance);
      }),
  );
  const pendingInstance = () => {
    const instance = instances.filter((candidate) => !candidate.settled && !candidate.signal.aborted).at(-1);
    if (!instance) throw new Error('fake promise actor: no pending instance to settle (was the actor invoked?)');
    return instance;
  };
  return {
    kind: 'promise',
    logic,
    instances,
    get pending() {
      return instances.filter((candidate) => !candidate.settled && !candidate.signal.aborted).at(-1);
    },
    resolve: (output) => pendingInstance().resolve(output),
    reject: (error) => pendingInstance().reject(error),
  };
}

export type FakeActor = FakeCallbackActor<unknown> | FakePromiseActor<unknown, unknown>;

/** Samples of an invoked actor's completions: each of its outputs, then its failure. */
export function actorOutcomes(id: string, outputs: readonly unknown[], error: unknown): ActorCompletionEvent[] {
  return [...outputs.map((output) => ({ type: `xstate.done.actor.${id}` as const, output })), { type: `xstate.error.actor.${id}`, error }];
}

/** The fake promise actor the model provided for `id`. */
export const promiseFake = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, Record<string, unknown>>;
