// Leaving for another page (a confirmation page after a message or a sign-up was sent).
import { fromCallback, type EventObject } from 'xstate';

export const navigate = fromCallback<EventObject, { url: string }>(({ input }) => {
  window.location.assign(input.url);
});
