// The browser's notifications for messages that arrive while the console is open (README.md,
// "The inbox", "What is new"): what the browser allows, and the notification itself. Only
// after the person asked for them (the inbox's "Tell me when a message arrives"), as browsers
// require a person's gesture for the question.

/** What the browser allows: `default` until the person answers its question. */
export type NotificationChoice = 'unsupported' | NotificationPermission;

/** What this browser allows now. */
export function notificationChoice(): NotificationChoice {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The browser's question; answers what the person chose. */
export async function askNotificationPermission(): Promise<NotificationChoice> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** "2 new messages" (one notification, replaced by the next): a click opens the inbox. */
export function showArrivalNotification(count: number, siteName: string): void {
  if (notificationChoice() !== 'granted') return;
  const notification = new Notification(`${count} new ${count === 1 ? 'message' : 'messages'}`, {
    body: `In the ${siteName} console's inbox.`,
    tag: 'console-inbox-arrival',
  });
  notification.addEventListener('click', () => {
    window.focus();
    window.location.hash = '#/messages';
    notification.close();
  });
}
