// The browser's question about notifications as an effect the inboxWatch machine invokes: it
// answers the person's choice (arrival-notification.service.ts).
import { fromPromise } from 'xstate';
import { askNotificationPermission, type NotificationChoice } from './arrival-notification.service.ts';

export const requestNotificationPermission = fromPromise<NotificationChoice>(() => askNotificationPermission());
