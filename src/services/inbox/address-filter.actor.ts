// The inbox list's filter when the address changes under it (the back and forward buttons, a
// link to `#/messages?state=spam`): reports the list filter the new hash names. The list's own changes
// come back here too; the machine ignores a filter it already has.
import { fromCallback, type EventObject } from 'xstate';
import { CONSOLE_HASH, isListHash } from '../../validation/console/console-hashes.ts';
import { filterFromHash, type InboxFilter } from './inbox-filter.service.ts';

export type AddressFilterEvent = { type: 'filter.restore'; filter: InboxFilter };

export const addressFilter = fromCallback<EventObject>(({ sendBack }) => {
  const changed = () => {
    const { hash } = window.location;
    // Only the list's own routes (`#/messages`, `#/messages?…`); a message's route is another page.
    if (isListHash(hash, CONSOLE_HASH.messages)) sendBack({ type: 'filter.restore', filter: filterFromHash(hash) } satisfies AddressFilterEvent);
  };
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
});
