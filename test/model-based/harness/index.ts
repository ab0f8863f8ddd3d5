// The model-based harness: see describe-model.tsx for how a machine's model is walked.
export { activeStateNodes, delayOf, hasPendingDelay, invokedActors, matchesState, settleEffectsFirst } from './chart.ts';
export { describeModel } from './describe-model.tsx';
export { actorOutcomes, fakeCallbackActor, fakePromiseActor, promiseFake } from './fake-actors.ts';
export { sendBackFrom } from './send-back-from.ts';
export type { FakeActor, FakeCallbackActor, FakePromiseActor } from './fake-actors.ts';
export { isViewportChange, resizeWindowTo, scrollWindowTo, setViewport, viewportSteps } from './viewport-driver.ts';
export type { ActorCompletionEvent, ModelConfig, SettledEffect, StateAssertion, StateContext, StepContext, StepExecutor } from './model-types.ts';
