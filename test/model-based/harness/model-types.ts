// The shapes a model-based test gives the harness.
import type { ReactElement } from 'react';
import type { UserEvent } from '@testing-library/user-event';
import type { AnyActorRef, AnyStateMachine, EventFromLogic, InputFrom, InspectionEvent, SnapshotFrom } from 'xstate';
import type { FakeActor } from './fake-actors.ts';
import type { PageContent } from '../../../src/views/shared/site-content.tsx';

export type Fakes = Record<string, FakeActor>;

/** Samples for invoked actors' completions: what a fake resolves with or rejects with. */
export type ActorCompletionEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error?: unknown };

/** A fake promise actor the harness has just settled: what it was asked and how it was answered. */
export interface SettledEffect<TMachine extends AnyStateMachine = AnyStateMachine> {
  input: Record<string, unknown>;
  from: SnapshotFrom<TMachine>;
  event: ActorCompletionEvent;
}

/** What an event executor gets: the step to perform and the tools to perform it. */
export interface StepContext<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The step's event, with the sample payload the graph used. */
  event: EventFromLogic<TMachine>;
  /** Where the model is before the step… */
  from: SnapshotFrom<TMachine>;
  /** …and where it must be after it. */
  to: SnapshotFrom<TMachine>;
  /** A user-event instance bound to the fake clock. */
  user: UserEvent;
  fakes: Fakes;
  /** The real, rendered actor (for reading, not for sending: events go through the page). */
  actor: AnyActorRef;
  /**
   * For an `xstate.after.*` step: moves the fake clock to the delay's deadline as the harness
   * does, running `beforeDeadline` just before it (to check nothing happened early).
   */
  advanceToDelay: (beforeDeadline?: () => void) => Promise<void>;
}

export type StepExecutor<TMachine extends AnyStateMachine = AnyStateMachine> = (
  step: StepContext<TMachine>,
) => void | Promise<void>;

/** What a state assertion gets; assert on the DOM (what the visitor sees) first. */
export interface StateContext<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The real actor's snapshot (equal to the model's under `serializeState`). */
  snapshot: SnapshotFrom<TMachine>;
  fakes: Fakes;
  container: HTMLElement;
}

export type StateAssertion<TMachine extends AnyStateMachine = AnyStateMachine> = (
  state: StateContext<TMachine>,
) => void | Promise<void>;

export interface ModelRenderProps<TMachine extends AnyStateMachine> {
  /** The production machine with the fakes provided: render the real view with it. */
  logic: TMachine;
  /** Pass to the view's `inspect` prop (it records coverage and follows the actor). */
  inspect: (event: InspectionEvent) => void;
}

export interface ModelConfig<TMachine extends AnyStateMachine> {
  /** The PRODUCTION machine: paths come from its graph. */
  machine: TMachine;
  /** Names a variant when one machine is tested with several inputs. */
  variant?: string;
  input?: InputFrom<TMachine>;
  /**
   * Payloads for events whose transitions depend on them (one per meaningful band is enough,
   * e.g. a scroll offset below and one above a threshold). Event types without samples are
   * sent as `{ type }`.
   */
  eventSamples?: ReadonlyArray<EventFromLogic<TMachine> | ActorCompletionEvent>;
  /**
   * Reduces a snapshot to what the visitor can tell apart, so the graph stays finite: context
   * is part of a state's identity. Default: the state value and the whole context.
   */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Leaves out steps the real environment cannot produce (see `isViewportChange`). */
  filterEvents?: (snapshot: SnapshotFrom<TMachine>, event: EventFromLogic<TMachine>) => boolean;
  /**
   * Events a real invoked actor sends as it starts, from how it finds the page (one already
   * scrolled): they arrive with the step that enters the invoking state, so that step's state
   * is checked as passed through (its assertion does not run: the view has moved on), and the
   * event's own step performs nothing and checks that it arrived. `setup` prepares the page.
   */
  reportedOnStart?: ReadonlyArray<EventFromLogic<TMachine>['type']>;
  /** Fakes for invoked actors, by `src` (which every invoke also uses as its `id`). */
  fakes?: Record<string, () => FakeActor>;
  /**
   * Per invoked actor `id`: what it must have been asked (its input, from the state it was
   * invoked in), checked when the harness settles its fake, and what its answer must have done
   * on the page, checked after.
   */
  effects?: Record<string, (effect: SettledEffect<TMachine>) => void | Promise<void>>;
  /** Prepares the page before each path is rendered (window size, scroll, storage…). */
  setup?: () => void | Promise<void>;
  /**
   * Renders the view to HTML first, as the build's prerender does, puts that HTML in the page and
   * hydrates it, as the browser does; otherwise the view is rendered into an empty container.
   */
  prerender?: boolean;
  /** With `prerender`: what the visitor does to the prerendered HTML before it is hydrated. */
  beforeHydration?: (container: HTMLElement) => void;
  /**
   * The site's content the view reads (src/views/shared/site-content.tsx): the repository's
   * unless a model gives other documents.
   */
  content?: PageContent;
  render: (props: ModelRenderProps<TMachine>) => ReactElement;
  /**
   * How each event type is performed on the page. `xstate.after.*`, `xstate.done.actor.*` and
   * `xstate.error.actor.*` are built in.
   */
  events?: Partial<Record<EventFromLogic<TMachine>['type'] | (string & {}), StepExecutor<TMachine>>>;
  /**
   * What the visitor sees in each state, keyed by state path (`hidden`, `size.smaller`). Every
   * state a path can rest in needs an exact key; keys are checked with `snapshot.matches`.
   */
  states: Record<string, StateAssertion<TMachine>>;
}
