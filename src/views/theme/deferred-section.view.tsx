// A later section of a long page, hydrated when the visitor is about to meet it (the
// sectionHydration machine; ARCHITECTURE.md, "A page's life"). The section sits in a Suspense
// boundary of its own; while the machine is `prerendered`, the gate inside it suspends, and
// React keeps the section's prerendered HTML exactly as it is (readable, its links working)
// instead of running its code. Once the machine is `live`, React hydrates the boundary, alone,
// in a task of its own. The prerender renders the section at once (the machine starts `live`
// wherever the page holds no prerendered HTML for it), so the HTML is complete.
import { useActorRef } from '@xstate/react';
import { Suspense, use, useLayoutEffect, type ReactNode } from 'react';
import type { ActorRefFrom, InspectionEvent, SnapshotFrom } from 'xstate';
import { sectionHydrationMachine } from '../../machines/theme/section-hydration.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { prerenderedElement } from '../../services/theme/prerendered-element.service.ts';

type SectionHydrationRef = ActorRefFrom<typeof sectionHydrationMachine>;

export interface DeferredSectionProps {
  /** The id of the section's outermost element, which the section renders itself. */
  sectionId: string;
  children: ReactNode;
  /** The machine to run; tests pass `sectionHydrationMachine.provide({ actors })` with fakes. */
  logic?: typeof sectionHydrationMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function DeferredSection({ sectionId, children, logic = sectionHydrationMachine, inspect }: DeferredSectionProps) {
  const actorRef = useActorRef(logic, {
    // Read once, as the view is first rendered: during hydration the page still holds the HTML.
    input: { getElement: () => prerenderedElement(sectionId), prerendered: prerenderedElement(sectionId) !== null },
    inspect: inspectWith(inspect),
  });
  // The promise a suspended gate waits on is settled the moment the machine is live, from a
  // subscription (not a re-render: an update reaching a boundary still being hydrated would make
  // React drop its HTML and render it afresh). Renewed with the effects, as a development
  // build's strict effects stop and restart the actor, dropping its subscribers.
  useLayoutEffect(() => {
    const settleIfLive = (snapshot: SnapshotFrom<typeof sectionHydrationMachine>) => {
      if (snapshot.hasTag('live')) suspended.get(actorRef)?.resolve();
    };
    const subscription = actorRef.subscribe(settleIfLive);
    settleIfLive(actorRef.getSnapshot());
    return () => subscription.unsubscribe();
  }, [actorRef]);
  return (
    <Suspense fallback={null}>
      <HydrationGate actorRef={actorRef}>{children}</HydrationGate>
    </Suspense>
  );
}

/**
 * One promise per actor that was not live as its section first rendered, settled when it is:
 * `use` needs the same promise on every attempt, and a component that suspended on it must call
 * `use` with it again when it is tried again.
 */
const suspended = new WeakMap<SectionHydrationRef, { promise: Promise<void>; resolve: () => void }>();

function HydrationGate({ actorRef, children }: { actorRef: SectionHydrationRef; children: ReactNode }) {
  let waiting = suspended.get(actorRef);
  if (!waiting && !actorRef.getSnapshot().hasTag('live')) {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((settle) => {
      resolve = settle;
    });
    waiting = { promise, resolve };
    suspended.set(actorRef, waiting);
  }
  // While the machine is not live this suspends, and React keeps the prerendered HTML; it tries
  // again once the promise settles. A section live from the start never suspends.
  if (waiting) use(waiting.promise);
  return children;
}
