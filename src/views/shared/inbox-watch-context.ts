// What is new in the inbox, as the console's pages read it (README.md, "The inbox", "What is
// new"): the inbox's watcher (src/views/inbox/inbox-watch.view.tsx, the inboxWatch machine)
// provides it around the signed-in console; the navigation's count, the document title, the
// inbox's filter and the dashboard's first tile read it. Without the watcher (a page tested
// alone) it is null and they show no counts.
import { createContext, useContext } from 'react';
import type { InboxCounts } from '../../validation/inbox/inbox.protocol.ts';

/** The notifications region of the inboxWatch machine. */
export type ArrivalNotifications = 'unsupported' | 'undecided' | 'asking' | 'allowed' | 'refused';

export interface InboxWatchValue {
  /** The last counts; null before the first answer. */
  latest: InboxCounts | null;
  /** Messages that arrived while the console was open. */
  arrivals: number;
  notifications: ArrivalNotifications;
  /** "Tell me when a message arrives": the browser's question. */
  enableNotifications(): void;
  /** Ask for the counts now: a message was read, answered or marked. */
  recheck(): void;
}

export const InboxWatchContext = createContext<InboxWatchValue | null>(null);

export function useInboxWatch(): InboxWatchValue | null {
  return useContext(InboxWatchContext);
}

/** "(3) " before the document title while messages are unread; nothing otherwise. */
export function unreadTitlePrefix(watch: InboxWatchValue | null): string {
  const unread = watch?.latest?.counts.new ?? 0;
  return unread > 0 ? `(${unread}) ` : '';
}
