// The console dashboard's protocol (README.md "The dashboard"), written once for the browser
// (services/dashboard/) and the server (server/dashboard/): one route below CONSOLE_API that
// answers the four tiles' numbers at once. Days and weeks are the company's (SITE_TIMEZONE;
// weeks start on Monday). Browser-safe.
import { array, number, object, pattern, string, type Infer } from 'superstruct';
import { MailHealthStruct } from '../shared/mail-health.protocol.ts';

/** Routes below CONSOLE_API. */
export const DASHBOARD_ROUTE = {
  /** GET: Dashboard, both roles. */
  dashboard: '/dashboard',
} as const;

/** Weeks of the subscribers tile, this one included. */
export const DASHBOARD_WEEKS = 12;
/** Links in the most followed links tile, and the days they are counted over (today included). */
export const DASHBOARD_TOP_LINKS = 5;
export const DASHBOARD_LINK_DAYS = 30;

const isoDate = pattern(string(), /^\d{4}-\d{2}-\d{2}$/);

const WeekOfMessagesStruct = object({
  /** The week's Monday. */
  weekStart: isoDate,
  /** Monday to Sunday, days still to come as 0. */
  days: array(object({ day: isoDate, count: number() })),
  total: number(),
});

export const DashboardStruct = object({
  /** The company's today, `YYYY-MM-DD`: this week's days after it are still to come. */
  today: isoDate,
  /** Inbox messages (spam left out) per day. */
  messages: object({ thisWeek: WeekOfMessagesStruct, lastWeek: WeekOfMessagesStruct }),
  /** The last DASHBOARD_WEEKS weeks, oldest first. */
  subscribers: array(object({ weekStart: isoDate, subscribed: number(), signedUp: number(), unsubscribed: number() })),
  /** The most followed links of the last DASHBOARD_LINK_DAYS company days. */
  links: object({
    from: isoDate,
    to: isoDate,
    top: array(object({ target: string(), anchor: string(), clicks: number() })),
  }),
  mailHealth: MailHealthStruct,
});
export type Dashboard = Infer<typeof DashboardStruct>;
