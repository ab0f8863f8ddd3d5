// "The page is alive": sends `view.hydrate` as soon as it is started. @xstate/react starts a
// view's actor in an effect, which runs only in the browser and only after the prerendered
// HTML has been hydrated, so a machine that invokes this in its prerendered state leaves that
// state exactly when scripts can take over (and never on the server, where effects do not run).
import { fromCallback } from 'xstate';

export interface HydratedEvent {
  type: 'view.hydrate';
}

export const hydrated = fromCallback<HydratedEvent>(({ sendBack }) => {
  sendBack({ type: 'view.hydrate' });
});
