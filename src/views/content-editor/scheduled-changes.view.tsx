// The scheduled changes on Site content (README.md "Editing the site", scheduled publishing):
// those waiting, soonest first, each with when it goes live, who scheduled it and why, and Cancel
// (asked first) for a person who may publish; then the latest done: published (as which
// revision), not published (and why), cancelled (by whom). Renders the contentSchedules machine.
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { contentSchedulesMachine } from '../../machines/content-editor/content-schedules.machine.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { contentHash, contentRevisionsHash } from '../../validation/console/console-hashes.ts';
import type { ScheduledChange } from '../../validation/content-editor/content-editor.protocol.ts';
import { LoadProblem } from '../shared/load-problem.view.tsx';
import { useConsolePageEvents } from '../shared/use-console-page-events.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';

export interface ScheduledChangesProps {
  api: ConsoleApi;
  timeZone: string;
  /** Whether this person may publish, so cancel. */
  canEdit: boolean;
  navigate(hash: string): void;
  onSessionEnded(): void;
  logic?: typeof contentSchedulesMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** What a change is, in words: "Home: hero" or "A new project". */
const whatOf = (change: ScheduledChange) => (change.kind === 'project' ? 'A new project' : change.title);

function Outcome({ change, timeZone }: { change: ScheduledChange; timeZone: string }) {
  const at = change.doneAt === null ? '' : formatConsoleTime(change.doneAt, timeZone);
  if (change.state === 'published') {
    return (
      <p>
        Published {at}: see <a href={contentRevisionsHash(change.name)}>the revisions of {change.title}</a>.
      </p>
    );
  }
  if (change.state === 'failed') return <p className="content-problem">Not published ({at}). {change.problem}</p>;
  if (change.state === 'cancelled') return <p>Cancelled {at} by {change.doneBy}.</p>;
  return null;
}

export function ScheduledChanges({ api, timeZone, canEdit, navigate, onSessionEnded, logic = contentSchedulesMachine, inspect }: ScheduledChangesProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const statusRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useConsolePageEvents(actorRef, { navigate, onSessionEnded });
  useEmittedFocus(actorRef, 'focus.status', statusRef);
  useEmittedFocus(actorRef, 'focus.confirm', confirmRef);
  const { context } = snapshot;
  const at = (state: 'idle' | 'confirming' | 'cancelling' | 'cancelled' | 'refused' | 'failed') => snapshot.matches({ listed: state });
  const busy = snapshot.hasTag('busy');
  const waiting = context.schedules.filter((change) => change.state === 'waiting');
  const done = context.schedules.filter((change) => change.state !== 'waiting');
  const selected = context.selected;

  return (
    <section className="content-schedules" aria-labelledby="content-schedules-title" aria-busy={busy}>
      <h2 id="content-schedules-title">Scheduled changes</h2>
      {snapshot.matches('loading') ? <p role="status">Loading the scheduled changes…</p> : null}
      {snapshot.matches('failed') ? <LoadProblem className="content-problem" what="The scheduled changes" problem={context.problem} onRetry={() => actorRef.send({ type: 'schedules.reload' })} /> : null}
      <div ref={statusRef} tabIndex={-1} className="content-page__status">
        {at('cancelled') && selected ? (
          <p role="status" className="content-page__done">
            Cancelled: {whatOf(selected)}, which was to go live {formatConsoleTime(selected.publishAt, timeZone)}.
          </p>
        ) : null}
        {at('refused') ? (
          <p role="alert" className="content-problem">
            Not cancelled. {context.problem}
          </p>
        ) : null}
        {at('failed') ? (
          <div role="alert" className="content-problem">
            <p>Not cancelled. {context.problem}</p>
            <button type="button" className="action-button" onClick={() => actorRef.send({ type: 'cancel.confirm' })}>
              Try again
            </button>
          </div>
        ) : null}
        {(at('confirming') || at('cancelling')) && selected ? (
          <div role="group" aria-labelledby="content-schedules-confirm" className="content-confirm">
            <p id="content-schedules-confirm">
              Cancel {whatOf(selected)}, to go live {formatConsoleTime(selected.publishAt, timeZone)}? Nothing of it is published.
            </p>
            <button type="button" ref={confirmRef} className="action-button action-button--danger" aria-disabled={at('cancelling') || undefined} onClick={() => (at('cancelling') ? undefined : actorRef.send({ type: 'cancel.confirm' }))}>
              {at('cancelling') ? 'Cancelling…' : 'Cancel the change'}
            </button>
            {at('cancelling') ? null : (
              <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'cancel.keep' })}>
                Keep it
              </button>
            )}
          </div>
        ) : null}
      </div>
      {snapshot.matches('listed') ? (
        <>
          {waiting.length === 0 ? (
            <p>Nothing is waiting. A document&rsquo;s editor schedules a change with &ldquo;Or publish at&rdquo;.</p>
          ) : (
            <ol className="content-revisions">
              {waiting.map((change) => (
                <li key={change.id} className="content-revisions__item">
                  <p>
                    <strong>
                      {change.kind === 'project' ? whatOf(change) : <a href={contentHash(change.name)}>{change.title}</a>}: goes live {formatConsoleTime(change.publishAt, timeZone)}
                    </strong>
                  </p>
                  <p>
                    Scheduled {formatConsoleTime(change.createdAt, timeZone)} by {change.by.name}.{change.note === '' ? '' : ` \u201c${change.note}\u201d`}
                  </p>
                  {canEdit ? (
                    <div className="content-revisions__tools">
                      <button type="button" className="action-button action-button--secondary" aria-disabled={busy || undefined} onClick={() => actorRef.send({ type: 'cancel.start', id: change.id })}>
                        Cancel{' '}<span className="visually-hidden">{whatOf(change)}, {formatConsoleTime(change.publishAt, timeZone)}</span>
                      </button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          {done.length > 0 ? (
            <>
              <h3>Done</h3>
              <ol className="content-revisions">
                {done.map((change) => (
                  <li key={change.id} className="content-revisions__item">
                    <p>
                      <strong>{whatOf(change)}</strong>, for {formatConsoleTime(change.publishAt, timeZone)}, scheduled by {change.by.name}.
                    </p>
                    <Outcome change={change} timeZone={timeZone} />
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
