// The clicks page (`#/clicks`, README.md "Click tracking"): the range (the last 30 or 90 days as
// links, or two dates with the form kit), the clicks per day as a line chart, the most followed
// links as a bar chart, a table per page with anchor, target, clicks, first and last click, and
// the range's CSV. It renders the clicksReport machine's state and sends it the person's changes;
// the machine's address changes go to the shell's navigate. Only the console imports this page.
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { clicksReportMachine, type DateField } from '../../machines/click-tracking/clicks-report.machine.ts';
import { clicksQueryOf } from '../../services/click-tracking/click-range.service.ts';
import { createClickReportsClient } from '../../services/click-tracking/click-reports.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { resolveClickRange, type ClicksSummary, type PageLinks } from '../../validation/click-tracking/click-reports.protocol.ts';
import { CONSOLE_HASH } from '../../validation/console/console-hashes.ts';
import { BarChart, LineChart, type ChartPoint } from '../shared/charts/charts.view.tsx';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import { ErrorSummary, errorItems, TextField } from '../shared/form-fields/index.ts';
import './clicks-page.css';
import { ConsoleTime } from '../shared/console-time.view.tsx';

const FORM_ID = 'clicks-range';
const DATE_FIELDS = ['from', 'to'] as const;
const RANGE_LINKS = [
  { days: '30', label: 'Last 30 days' },
  { days: '90', label: 'Last 90 days' },
] as const;

export interface ClicksPageProps extends ConsolePageProps {
  query: string;
  logic?: typeof clicksReportMachine;
  inspect?: (event: InspectionEvent) => void;
}

const dayFormats = {
  long: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
  medium: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }),
  short: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }),
};
/** A company day (`YYYY-MM-DD`, already in SITE_TIMEZONE) as people read it. */
export const formatDay = (day: string, style: keyof typeof dayFormats = 'medium') => dayFormats[style].format(new Date(`${day}T00:00:00Z`));

const clicks = (count: number) => (count === 1 ? '1 click' : `${count} clicks`);
/** An anchor as the page shows it: a picture link is named by its picture. */
const anchorText = (anchor: string) => (anchor.startsWith('image:') ? `Picture (${anchor.slice('image:'.length)})` : anchor);

function rangeText(summary: ClicksSummary): string {
  const { from, to, days } = summary.range;
  return `${days === null ? '' : `the last ${days} days, `}${formatDay(from)} to ${formatDay(to)}`;
}

function PageTable({ page, index, timeZone }: { page: PageLinks; index: number; timeZone: string }) {
  const captionId = `clicks-page-${index}`;
  return (
    <div className="clicks-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="console-table">
        <caption id={captionId}>
          <span className="clicks-table__page">{page.page}</span> ({clicks(page.clicks)})
        </caption>
        <thead>
          <tr>
            <th scope="col">Anchor</th>
            <th scope="col">Target</th>
            <th scope="col">Clicks</th>
            <th scope="col">First click</th>
            <th scope="col">Last click</th>
          </tr>
        </thead>
        <tbody>
          {page.links.map((link) => (
            <tr key={`${link.target} ${link.anchor}`}>
              <th scope="row" data-label="Anchor">{anchorText(link.anchor)}</th>
              <td className="clicks-table__target" data-label="Target">{link.target}</td>
              <td className="clicks-table__number" data-label="Clicks">{link.clicks}</td>
              <td data-label="First click">
                <ConsoleTime at={link.first} timeZone={timeZone} />
              </td>
              <td data-label="Last click">
                <ConsoleTime at={link.last} timeZone={timeZone} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ summary, timeZone }: { summary: ClicksSummary; timeZone: string }) {
  const perDay = useMemo<ChartPoint[]>(() => summary.perDay.map((day) => ({ label: formatDay(day.day, 'long'), axisLabel: formatDay(day.day, 'short'), value: day.clicks })), [summary]);
  const top = useMemo<ChartPoint[]>(() => summary.topLinks.map((link) => ({ label: `${anchorText(link.anchors[0] ?? '')} (${link.target})`, axisLabel: anchorText(link.anchors[0] ?? link.target), value: link.clicks })), [summary]);
  const busiest = summary.perDay.reduce((best, day) => (day.clicks > best.clicks ? day : best), summary.perDay[0]!);
  const range = rangeText(summary);
  return (
    <>
      <h2>Clicks per day</h2>
      <LineChart
        caption={`Clicks per day, ${range}`}
        points={perDay}
        labelHeading="Day"
        valueHeading="Clicks"
        summary={`${clicks(summary.total)} in all; the most on ${formatDay(busiest.day, 'long')}: ${busiest.clicks}.`}
        empty="No clicks in these days."
      />
      <h2>The most followed links</h2>
      <BarChart caption={`The most followed links, ${range}`} points={top} labelHeading="Link" valueHeading="Clicks" empty="No links were followed in these days." />
      <h2>Links on each page</h2>
      {summary.pages.map((page, index) => (
        <PageTable key={page.page} page={page} index={index} timeZone={timeZone} />
      ))}
    </>
  );
}

export function ClicksPage({ session, api, onSessionEnded, navigate, query, logic = clicksReportMachine, inspect }: ClicksPageProps) {
  const actorRef = useActorRef(logic, { input: { api, query: clicksQueryOf(query) }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const invalid = snapshot.matches({ active: 'invalid' });
  const problem = invalid ? resolveClickRange(context.query) : null;
  const errors: Partial<Record<DateField, string>> = problem !== null && !problem.ok && problem.field !== 'days' ? { [problem.field]: problem.message } : {};
  const daysProblem = problem !== null && !problem.ok && problem.field === 'days' ? problem.message : null;
  const shown = snapshot.matches({ active: 'shown' });
  const summary = context.summary;

  useConsolePageEvents(actorRef, { navigate, onSessionEnded });

  const change = (field: DateField) => (value: string | string[]) => actorRef.send({ type: 'dates.change', field, value: String(value) });
  const asked = invalid ? null : resolveClickRange(context.query);
  const current = asked?.ok ? asked.range : null;
  const status = busy
    ? 'Loading the clicks…'
    : shown && summary
      ? `${clicks(summary.total)} from ${formatDay(summary.range.from)} to ${formatDay(summary.range.to)}.`
      : snapshot.matches({ active: 'empty' }) && summary
        ? `No link clicks from ${formatDay(summary.range.from)} to ${formatDay(summary.range.to)}.`
        : invalid
          ? 'Correct the range to see the clicks.'
          : '';

  return (
    <section className="console-page clicks-page" aria-labelledby="console-page-title" data-state={JSON.stringify(snapshot.value)}>
      <h1 id="console-page-title" tabIndex={-1}>
        Link clicks
      </h1>
      <nav className="clicks-ranges" aria-label="Ranges">
        <ul>
          {RANGE_LINKS.map((link) => (
            <li key={link.days}>
              <a className="action-button action-button--secondary" href={`${CONSOLE_HASH.clicks}?days=${link.days}`} aria-current={current?.kind === 'days' && current.days === link.days ? 'page' : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {daysProblem === null ? null : (
        <p className="console-error" role="alert">
          {daysProblem}
        </p>
      )}
      <form
        className="clicks-dates"
        aria-labelledby="clicks-dates-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({ type: 'dates.apply' });
        }}
      >
        <h2 id="clicks-dates-title">Or choose the days</h2>
        <ErrorSummary formId={FORM_ID} items={errorItems(FORM_ID, DATE_FIELDS, errors)} summaryRef={summaryRef} headingLevel={3} />
        <div className="clicks-dates__fields">
          <TextField formId={FORM_ID} name="from" type="date" label="First day" value={context.dates.from} error={errors.from} onChange={change('from')} />
          <TextField formId={FORM_ID} name="to" type="date" label="Last day" hint="At most a year after the first." value={context.dates.to} error={errors.to} onChange={change('to')} />
          <button type="submit" className="action-button">
            Show these days
          </button>
        </div>
      </form>

      <div className="clicks-toolbar">
        <p className="console-status" role="status" aria-live="polite" aria-atomic="true">
          {status}
        </p>
        {/* A plain download link: the server streams the CSV as an attachment and the browser's own
            download shows its progress (as the inbox's export, ARCHITECTURE.md). */}
        {current === null ? null : (
          <a className="action-button action-button--secondary" href={createClickReportsClient(api).exportUrl(current)} download>
            Export CSV<span className="visually-hidden"> of the links followed in this range</span>
          </a>
        )}
      </div>

      {snapshot.matches({ active: 'failed' }) ? (
        <div className="console-error" role="alert">
          <p>The clicks could not be loaded. {context.problem}</p>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'report.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {shown && summary ? <Report summary={summary} timeZone={session.timeZone} /> : null}
    </section>
  );
}
