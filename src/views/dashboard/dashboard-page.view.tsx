// The console's home (`#/`, README.md "The dashboard"): four tiles, each a picture for people who
// would rather look (the shared charts, src/views/shared/charts/) with the same numbers as a
// table for people who would rather read or use a screen reader, a heading and a link to the
// page with more. It renders the dashboard machine's state and tells the shell when the session
// has ended.
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine.ts';
import { formatConsoleDay } from '../../services/shared/console-time.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { CONSOLE_HASH, hashWithQuery } from '../../validation/console/console-hashes.ts';
import { useInboxWatch } from '../shared/inbox-watch-context.ts';
import type { Dashboard } from '../../validation/dashboard/dashboard.protocol.ts';
import type { MailHealth } from '../../validation/shared/mail-health.protocol.ts';
import { BarChart, LineChart, type ChartPoint } from '../shared/charts/charts.view.tsx';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import './dashboard-page.css';
import { ConsoleTime } from '../shared/console-time.view.tsx';
import { mailHealthText } from '../shared/mail-texts.ts';

export interface DashboardPageProps extends ConsolePageProps {
  logic?: typeof dashboardMachine;
  inspect?: (event: InspectionEvent) => void;
}

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;
const messages = (value: number) => count(value, 'message', 'messages');

function Tile({ title, more, moreLabel, children }: { title: string; more: string; moreLabel: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="dashboard-tile" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      <p className="dashboard-tile__more">
        <a href={more}>{moreLabel}</a>
      </p>
    </section>
  );
}

function MessagesTile({ dashboard }: { dashboard: Dashboard }) {
  const { thisWeek, lastWeek } = dashboard.messages;
  // Last week's seven days, then this week's up to today (the days to come have nothing yet);
  // under the axis, the day of the month.
  const points = useMemo<ChartPoint[]>(
    () => [...lastWeek.days, ...thisWeek.days.filter((day) => day.day <= dashboard.today)].map((day) => ({ label: formatConsoleDay(day.day), axisLabel: String(Number(day.day.slice(8))), value: day.count })),
    [lastWeek, thisWeek, dashboard.today],
  );
  const change = thisWeek.total - lastWeek.total;
  return (
    <Tile title="Messages this week" more={CONSOLE_HASH.messages} moreLabel="All messages">
      <dl className="dashboard-totals">
        <div>
          <dt>This week</dt>
          <dd>{thisWeek.total}</dd>
        </div>
        <div>
          <dt>Last week</dt>
          <dd>{lastWeek.total}</dd>
        </div>
      </dl>
      <LineChart
        caption={`Messages per day, from ${formatConsoleDay(lastWeek.weekStart)} to ${formatConsoleDay(dashboard.today)} (spam left out)`}
        points={points}
        labelHeading="Day"
        valueHeading="Messages"
        summary={`${messages(thisWeek.total)} this week, ${messages(lastWeek.total)} last week: ${change === 0 ? 'the same' : `${Math.abs(change)} ${change > 0 ? 'more' : 'fewer'}`}.`}
        empty="No messages last week or this week."
      />
    </Tile>
  );
}

function SubscribersTile({ dashboard }: { dashboard: Dashboard }) {
  const weeks = dashboard.subscribers;
  // Every other week named under the axis (this week's among them), so the names fit at 375 px.
  const points = useMemo<ChartPoint[]>(
    () => weeks.map((week, index) => ({ label: `Week of ${formatConsoleDay(week.weekStart)}`, axisLabel: (weeks.length - 1 - index) % 2 === 0 ? formatConsoleDay(week.weekStart, 'short') : '', value: week.subscribed })),
    [weeks],
  );
  const captionId = useId();
  const now = weeks.at(-1)?.subscribed ?? 0;
  const first = weeks[0];
  return (
    <Tile title="Subscribers" more={CONSOLE_HASH.subscribers} moreLabel="All subscribers">
      <dl className="dashboard-totals">
        <div>
          <dt>Subscribed now</dt>
          <dd>{now}</dd>
        </div>
      </dl>
      <LineChart
        caption={`Subscribed at the end of each week, the last ${weeks.length} weeks`}
        points={points}
        labelHeading="Week"
        valueHeading="Subscribed"
        summary={first === undefined ? undefined : `${count(now, 'person', 'people')} subscribed now, against ${first.subscribed} at the end of the week of ${formatConsoleDay(first.weekStart)}.`}
        empty="Nobody has been subscribed in these weeks."
      />
      <div className="dashboard-table" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>New subscribers and unsubscribes per week</caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              <th scope="col">New</th>
              <th scope="col">Unsubscribed</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{formatConsoleDay(week.weekStart, 'short')}</th>
                <td>{week.signedUp}</td>
                <td>{week.unsubscribed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Tile>
  );
}

/** An anchor as the page shows it: a picture link is named by its picture. */
const anchorText = (anchor: string, target: string) => (anchor === '' ? target : anchor.startsWith('image:') ? `Picture (${anchor.slice('image:'.length)})` : anchor);

function LinksTile({ dashboard }: { dashboard: Dashboard }) {
  const { from, to, top } = dashboard.links;
  const points = useMemo<ChartPoint[]>(() => top.map((link) => ({ label: `${anchorText(link.anchor, link.target)} (${link.target})`, axisLabel: anchorText(link.anchor, link.target), value: link.clicks })), [top]);
  return (
    <Tile title="The most followed links" more={CONSOLE_HASH.clicks} moreLabel="All link clicks">
      <BarChart
        caption={`The most followed links, ${formatConsoleDay(from)} to ${formatConsoleDay(to)}`}
        points={points}
        labelHeading="Link"
        valueHeading="Clicks"
        empty="No links were followed in the last 30 days."
      />
    </Tile>
  );
}

/** Mail health's state in a few words: the table's first row. */
function mailStateName(health: MailHealth): string {
  switch (health.state) {
    case 'notConfigured':
      return 'Not set up (SMTP_URL)';
    case 'noCompanyAddress':
      return 'No company address (MAIL_TO)';
    case 'failing':
      return { login: 'Failing: the login is refused', connection: 'Failing: the server cannot be reached', certificate: 'Failing: the certificate is refused', other: 'Failing: a mail is refused' }[health.reason];
    case 'delivering':
      return health.late ? 'Going out slowly' : 'Going out';
    case 'healthy':
      return 'Going out';
  }
}

function MailIcon({ attention }: { attention: boolean }) {
  return (
    <svg className={`dashboard-mail__icon dashboard-mail__icon--${attention ? 'attention' : 'ok'}`} viewBox="0 0 48 48" width="64" height="64" role="img" aria-label={attention ? 'Mail needs attention' : 'Mail is going out'}>
      <circle cx="24" cy="24" r="22" />
      {attention ? <path d="M24 12v15M24 34v2" fill="none" strokeWidth="5" strokeLinecap="round" /> : <path d="M14 25l7 7 13-15" fill="none" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />}
    </svg>
  );
}

/**
 * The first tile, what needs the person today: messages to read, messages to answer (each a
 * link to that filter of the inbox), mail that needs the owner; or that nothing does. The
 * counts are the console's watch on the inbox (src/views/shared/inbox-watch-context.ts).
 */
function AttentionTile({ mailAttention, mailHeadline }: { mailAttention: boolean; mailHeadline: string }) {
  const counts = useInboxWatch()?.latest?.counts;
  const unread = counts?.new ?? 0;
  const unanswered = counts?.unanswered ?? 0;
  const items: ReactNode[] = [];
  if (unread > 0) items.push(<a href={hashWithQuery(CONSOLE_HASH.messages, 'state=new')}>{`${messages(unread)} to read`}</a>);
  if (unanswered > 0) items.push(<a href={hashWithQuery(CONSOLE_HASH.messages, 'state=unanswered')}>{`${messages(unanswered)} not answered yet`}</a>);
  if (mailAttention) items.push(<>Mail: {mailHeadline}</>);
  return (
    <Tile title="Needs attention today" more={CONSOLE_HASH.messages} moreLabel="Open the inbox">
      {counts === undefined ? (
        <p>Counting the messages…</p>
      ) : items.length === 0 ? (
        <p className="dashboard-attention__none">Nothing needs you: every message is read and answered, and mail is going out.</p>
      ) : (
        <ul className="dashboard-attention">
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </Tile>
  );
}

/** The mail tile: the machine's mail state (`attention` when it needs the owner), its words and its numbers. */
function MailTile({ health, attention, timeZone }: { health: MailHealth; attention: boolean; timeZone: string }) {
  const captionId = useId();
  const time = (iso: string | null) => (iso === null ? 'Never' : <ConsoleTime at={iso} timeZone={timeZone} />);
  const text = mailHealthText(health, timeZone);
  const { backlog } = health;
  return (
    <Tile title="Mail health" more={CONSOLE_HASH.messages} moreLabel="Messages and their mail">
      <div className="dashboard-mail">
        <MailIcon attention={attention} />
        <p className="dashboard-mail__state">{text.headline}</p>
      </div>
      <p className="dashboard-mail__cause">{text.cause}</p>
      {text.nextStep === null ? null : (
        <p className="dashboard-mail__next">
          <strong>What to do: </strong>
          {text.nextStep}
        </p>
      )}
      <div className="dashboard-table" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>Mail health</caption>
          <tbody>
            <tr>
              <th scope="row">State</th>
              <td>{mailStateName(health)}</td>
            </tr>
            <tr>
              <th scope="row">Waiting to be sent</th>
              <td>{backlog.waiting}</td>
            </tr>
            <tr>
              <th scope="row">Oldest waiting since</th>
              <td>{backlog.oldestWaitingSince === null ? 'Nothing waits' : time(backlog.oldestWaitingSince)}</td>
            </tr>
            <tr>
              <th scope="row">Held (given up on)</th>
              <td>{backlog.held}</td>
            </tr>
            {health.state === 'notConfigured' ? null : (
              <tr>
                <th scope="row">Mail last went out</th>
                <td>{time(health.lastDeliveredAt)}</td>
              </tr>
            )}
            {health.state === 'failing' ? (
              <>
                <tr>
                  <th scope="row">Failing since</th>
                  <td>{health.failingSince === null ? 'Not known' : time(health.failingSince)}</td>
                </tr>
                <tr>
                  <th scope="row">The mail server’s answer</th>
                  <td className="dashboard-mail__answer">{health.smtpAnswer}</td>
                </tr>
              </>
            ) : null}
          </tbody>
        </table>
      </div>
    </Tile>
  );
}

export function DashboardPage({ session, api, onSessionEnded, navigate, logic = dashboardMachine, inspect }: DashboardPageProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const { dashboard, problem } = snapshot.context;

  useConsolePageEvents(actorRef, { navigate, onSessionEnded });

  const shown = snapshot.matches('shown') && dashboard !== null;
  const status = snapshot.hasTag('busy') ? 'Loading the dashboard…' : shown ? 'The dashboard is up to date.' : '';

  return (
    <section className="console-page dashboard-page" aria-labelledby="console-page-title" data-state={JSON.stringify(snapshot.value)}>
      <h1 id="console-page-title" tabIndex={-1}>
        Dashboard
      </h1>
      <p className="console-status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </p>
      {snapshot.matches('failed') ? (
        <div className="console-error" role="alert">
          <p>The dashboard could not be loaded. {problem}</p>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'dashboard.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {shown ? (
        <div className="dashboard-grid">
          <AttentionTile mailAttention={snapshot.hasTag('mailAttention')} mailHeadline={mailHealthText(dashboard.mailHealth, session.timeZone).headline} />
          <MessagesTile dashboard={dashboard} />
          <SubscribersTile dashboard={dashboard} />
          <LinksTile dashboard={dashboard} />
          <MailTile health={dashboard.mailHealth} attention={snapshot.hasTag('mailAttention')} timeZone={session.timeZone} />
        </div>
      ) : null}
    </section>
  );
}
