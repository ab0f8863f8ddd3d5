// The console's watch on the inbox (README.md, "The inbox", "What is new"): the inboxWatch
// machine's counts and arrivals, given to the signed-in console's pages (the shared
// InboxWatchContext); a browser notification when a message arrives and the person allowed it;
// the shell told when the session has ended. It asks again as soon as the console's page
// changes (`routeKey`), so the count follows what the person just read or answered.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import { inboxWatchMachine } from '../../machines/inbox/inbox-watch.machine.ts';
import { notificationChoice, showArrivalNotification, type NotificationChoice } from '../../services/inbox/arrival-notification.service.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { InboxWatchContext, unreadTitlePrefix, useInboxWatch, type ArrivalNotifications as NotificationsState, type InboxWatchValue } from '../shared/inbox-watch-context.ts';

export interface InboxWatchProps {
  api: ConsoleApi;
  onSessionEnded(): void;
  /** The company's name, in a notification's words. */
  siteName: string;
  /** Changes when the console's page does. */
  routeKey: string;
  children: ReactNode;
  logic?: typeof inboxWatchMachine;
  inspect?: (event: InspectionEvent) => void;
  /** The browser's notification (tests give a fake). */
  notify?: (count: number, siteName: string) => void;
  /** What the browser allows as the console opens (tests choose). */
  notifications?: NotificationChoice;
}

const NOTIFICATION_STATES: readonly NotificationsState[] = ['unsupported', 'undecided', 'asking', 'allowed', 'refused'];

export function InboxWatch({ api, onSessionEnded, siteName, routeKey, children, logic = inboxWatchMachine, inspect, notify = showArrivalNotification, notifications: allowed = notificationChoice() }: InboxWatchProps) {
  const actorRef = useActorRef(logic, { input: { api, notifications: allowed }, inspect: inspectWith(inspect) });
  const latest = useSelector(actorRef, (snapshot) => snapshot.context.latest);
  const arrivals = useSelector(actorRef, (snapshot) => snapshot.context.arrivals);
  const notifications = useSelector(actorRef, (snapshot) => NOTIFICATION_STATES.find((state) => snapshot.matches({ watching: { notifications: state } })) ?? 'unsupported');

  const ended = useRef(onSessionEnded);
  ended.current = onSessionEnded;
  useEffect(() => {
    const subscriptions = [actorRef.on('session.ended', () => ended.current()), actorRef.on('notify.arrival', ({ count }) => notify(count, siteName))];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actorRef, notify, siteName]);

  const firstRoute = useRef(routeKey);
  useEffect(() => {
    if (routeKey === firstRoute.current) return;
    firstRoute.current = '';
    actorRef.send({ type: 'inbox.recheck' });
  }, [actorRef, routeKey]);

  const value = useMemo<InboxWatchValue>(
    () => ({ latest, arrivals, notifications, enableNotifications: () => actorRef.send({ type: 'notify.enable' }), recheck: () => actorRef.send({ type: 'inbox.recheck' }) }),
    [latest, arrivals, notifications, actorRef],
  );
  return <InboxWatchContext.Provider value={value}>{children}</InboxWatchContext.Provider>;
}

/**
 * Browser notifications of arrivals, on the inbox: offered (a button: browsers ask only after a
 * person's gesture), being asked, on, or blocked (and where to change that). Nothing where the
 * browser has none, or outside the watch.
 */
export function ArrivalNotifications() {
  const watch = useInboxWatch();
  if (watch === null || watch.notifications === 'unsupported') return null;
  const { notifications } = watch;
  if (notifications === 'undecided' || notifications === 'asking') {
    return (
      <p className="inbox-notifications">
        New messages appear here by themselves while the console is open.{' '}
        <button type="button" className="action-button action-button--secondary" disabled={notifications === 'asking'} onClick={watch.enableNotifications}>
          Tell me when a message arrives
        </button>
      </p>
    );
  }
  return (
    <p className="inbox-notifications">
      {notifications === 'allowed'
        ? 'This browser tells you when a message arrives while the console is open.'
        : 'This browser blocks the console’s notifications: allow them in your browser’s settings for this site (the icon beside the address) to be told when a message arrives.'}
    </p>
  );
}

/**
 * The navigation's link to the inbox: "Inbox" with the count of unread messages beside it, when
 * there are any; its name says it in words ("Inbox 3 unread"), the visible words first.
 */
export function InboxNavLink({ href, className, current, children }: { href: string; className: string; current: boolean; children: ReactNode }) {
  const unread = useInboxWatch()?.latest?.counts.new ?? 0;
  return (
    <a className={className} href={href} aria-current={current ? 'page' : undefined}>
      {children}
      {unread === 0 ? null : (
        <>
          {' '}
          <span className="console-nav__count">{unread}</span> <span className="visually-hidden">unread</span>
        </>
      )}
    </a>
  );
}

/** The document's title, after "(3) " while messages are unread. */
export function UnreadTitle({ text }: { text: string }) {
  return <title>{`${unreadTitlePrefix(useInboxWatch())}${text}`}</title>;
}
