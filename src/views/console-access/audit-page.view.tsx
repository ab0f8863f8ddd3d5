// The console's audit log (owner only), drawn from the audit-log machine: when (in the
// company's time zone), who, what in words, on what, and the details (README.md, the owner's
// console). A table that becomes stacked cards at 375 px (people.css).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { auditLogMachine } from '../../machines/console-access/audit-log.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import type { AuditAction } from '../../validation/console/console-api.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import './people.css';
import { ConsoleTime } from '../shared/console-time.view.tsx';
import { auditDetailText, auditSubjectText } from './audit-texts.ts';

/** Each recorded action, as the owner reads it. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed to sign in',
  'sign-out': 'Signed out',
  'sign-out-everywhere': 'Signed out everywhere',
  'passkey-added': 'Added a passkey',
  'passkey-removed': 'Removed a passkey',
  invitation: 'Invited someone',
  revocation: 'Revoked access',
  export: 'Exported messages',
  'spam-release': 'Released a message from spam',
  'spam-mark': 'Marked a message as spam',
  deletion: 'Deleted a message',
  'mail-retry': 'Tried a message\u2019s mail again',
  'message-answered': 'Marked a message as answered (or not)',
  'message-note': 'Added a note to a message',
  'messages-bulk': 'Acted on several messages at once',
  'subscribers-bulk': 'Acted on several subscribers at once',
  'subscriber-unsubscribe': 'Unsubscribed someone at their request',
  'confirmation-resend': 'Sent a confirmation mail again',
  'access-export': 'Exported everything held about someone (an access request)',
  erasure: 'Erased everything held about someone',
  'content-publish': 'Published a change to the site',
  'content-restore': 'Restored an earlier revision of the site',
  'content-settings': 'Changed whether staff may edit the site',
  'content-schedule': 'Scheduled a change to the site',
  'content-schedule-cancel': 'Cancelled a scheduled change',
  'media-upload': 'Uploaded a picture',
  'media-delete': 'Deleted a picture',
  'backup-run': 'Started a backup (Back up now)',
  'backup-copy': 'Copied a backup to the off-site storage again',
  'backup-download': 'Downloaded a backup archive',
};

export interface AuditPageProps extends ConsolePageProps {
  logic?: typeof auditLogMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function AuditPage({ session, api, onSessionEnded, logic = auditLogMachine, inspect }: AuditPageProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { context } = snapshot;

  useEffect(() => {
    const ended = actorRef.on('session.ended', onSessionEnded);
    return () => ended.unsubscribe();
  }, [actorRef, onSessionEnded]);
  useEffect(() => headingRef.current?.focus(), []);

  const loadingOlder = snapshot.matches({ shown: { more: 'loading' } });
  return (
    <section className="console-audit" aria-labelledby="console-audit-title" aria-busy={snapshot.hasTag('busy')}>
      <h1 id="console-audit-title" ref={headingRef} tabIndex={-1}>
        Audit log
      </h1>
      <div aria-live="polite">
        {snapshot.matches('loading') ? <p>Loading the audit log…</p> : null}
        {snapshot.matches('empty') ? <p>Nothing has been recorded yet.</p> : null}
        {snapshot.matches('signedOut') ? <p>Your session has ended. Sign in again.</p> : null}
        {snapshot.matches({ shown: 'complete' }) ? <p>These are all the entries.</p> : null}
        {snapshot.matches({ shown: { more: 'failed' } }) ? <p className="console-people__problem">Older entries could not be loaded. {context.problem}</p> : null}
      </div>
      {snapshot.matches('failed') ? (
        <div role="alert" className="console-people__problem">
          <p>The audit log could not be loaded. {context.problem}</p>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'entries.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {snapshot.matches('shown') ? (
        <>
          <div className="console-people__table-wrap">
            <table className="console-people__table console-table">
              <caption>What was done in the console, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">On</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {context.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label="When">
                      <ConsoleTime at={entry.at} timeZone={session.timeZone} />
                    </td>
                    <td data-label="Who">{entry.actor}</td>
                    <td data-label="Action">{AUDIT_ACTION_WORDS[entry.action]}</td>
                    <td data-label="On">{auditSubjectText(entry.subject)}</td>
                    <td data-label="Details">{auditDetailText(entry.detail, session.timeZone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {snapshot.matches({ shown: 'more' }) ? (
            <button type="button" className="action-button action-button--secondary console-audit__older" disabled={loadingOlder} onClick={() => actorRef.send({ type: 'entries.older' })}>
              {loadingOlder ? 'Loading older entries…' : snapshot.matches({ shown: { more: 'failed' } }) ? 'Try older entries again' : 'Older entries'}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
