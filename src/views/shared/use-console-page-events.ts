// What a console page's machine tells the shell (README.md "The console"): `address.change`
// (a list's filter or range written to the address: the shell's navigate) and `session.end`
// (an answer said the session is over: the shell shows the sign-in page). One subscription for
// every page whose machine emits them.
import { useEffect } from 'react';
import type { EventObject } from 'xstate';

interface EmittingActor {
  on(type: string, handler: (event: EventObject) => void): { unsubscribe(): void };
}

export function useConsolePageEvents(actorRef: EmittingActor, { navigate, onSessionEnded }: { navigate(hash: string): void; onSessionEnded(): void }): void {
  useEffect(() => {
    const address = actorRef.on('address.change', (event) => navigate((event as EventObject & { hash: string }).hash));
    const ended = actorRef.on('session.end', () => onSessionEnded());
    return () => {
      address.unsubscribe();
      ended.unsubscribe();
    };
  }, [actorRef, navigate, onSessionEnded]);
}
