// The console's people page (owner only), drawn from the people machine: everyone with access
// (a table that becomes stacked cards at 375 px), the invite form from the shared form kit, the
// link an invitation answers (or, for someone who already has access, that a recovery link was
// mailed to them alone), revocation with a confirmation, and the switch that lets staff edit
// the site's content (staff-editing-switch.view.tsx, its own machine) (README.md, the owner's
// console).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { peopleMachine } from '../../machines/console-access/people.machine.ts';
import type { staffEditingMachine } from '../../machines/console-access/staff-editing.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { formatConsoleTime } from '../../services/shared/console-time.ts';
import type { ConsoleRole, PersonRow } from '../../validation/console-access/console-access.protocol.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { EmailAddress } from '../shared/email-address.view.tsx';
import { ErrorSummary, errorItems, SelectField, TextField } from '../shared/form-fields/index.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { StaffEditingSwitch } from './staff-editing-switch.view.tsx';
import './people.css';

const FORM_ID = 'console-invite';
const ROLE_OPTIONS = [
  { value: 'staff', label: 'Staff: reads and handles messages' },
  { value: 'owner', label: 'Owner: everything, including people and deletion' },
];

export interface PeoplePageProps extends ConsolePageProps {
  logic?: typeof peopleMachine;
  inspect?: (event: InspectionEvent) => void;
  /** The switch's machine (tests give one with fake requests). */
  staffEditingLogic?: typeof staffEditingMachine;
}

function PersonStatus({ person, timeZone }: { person: PersonRow; timeZone: string }) {
  if (person.revokedAt !== null) return <>Revoked {formatConsoleTime(person.revokedAt, timeZone)}</>;
  if (person.invitationPending) return <>Invitation pending</>;
  return <>Has access</>;
}

export function PeoplePage({ session, api, onSessionEnded, navigate, logic = peopleMachine, inspect, staffEditingLogic }: PeoplePageProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { context } = snapshot;
  const { timeZone } = session;
  const time = (iso: string | null) => (iso === null ? 'Never' : formatConsoleTime(iso, timeZone));

  useEmittedFocus(actorRef, 'focus.summary', summaryRef);
  useEffect(() => {
    const ended = actorRef.on('session.ended', onSessionEnded);
    return () => ended.unsubscribe();
  }, [actorRef, onSessionEnded]);
  useEffect(() => headingRef.current?.focus(), []);

  const inviting = snapshot.matches({ shown: 'inviting' });
  const confirming = snapshot.matches({ shown: 'confirming' }) || snapshot.matches({ shown: 'revoking' });
  const ready = snapshot.matches({ shown: 'ready' });

  return (
    <section className="console-people" aria-labelledby="console-people-title" aria-busy={snapshot.hasTag('busy')}>
      <h1 id="console-people-title" ref={headingRef} tabIndex={-1}>
        People
      </h1>
      {snapshot.matches('loading') ? <p role="status">Loading the people with access…</p> : null}
      {snapshot.matches('failed') ? (
        <div role="alert" className="console-people__problem">
          <p>The list of people could not be loaded. {context.problem}</p>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'list.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {snapshot.matches('signedOut') ? <p role="status">Your session has ended. Sign in again.</p> : null}
      {snapshot.matches('shown') ? (
        <>
          <div className="console-people__table-wrap">
            <table className="console-people__table console-table">
              <caption>Everyone with access to the console</caption>
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">Role</th>
                  <th scope="col">Passkeys</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Failed sign-ins</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {context.people.map((person) => (
                  <tr key={person.id} data-person={person.id}>
                    <th scope="row" data-label="Address">
                      <EmailAddress address={person.email} />
                    </th>
                    <td data-label="Role">{person.role === 'owner' ? 'Owner' : 'Staff'}</td>
                    <td data-label="Passkeys">{person.passkeys}</td>
                    <td data-label="Last sign-in">{time(person.lastSignInAt)}</td>
                    <td data-label="Failed sign-ins">
                      {person.failedSignIns === 0 || person.lastFailedAt === null ? 'None' : `${person.failedSignIns}, last ${time(person.lastFailedAt)}`}
                    </td>
                    <td data-label="Status">
                      <PersonStatus person={person} timeZone={timeZone} />
                    </td>
                    <td data-label="Actions">
                      {person.revokedAt === null ? (
                        <button type="button" className="action-button action-button--secondary" aria-label={`Revoke ${person.email}`} disabled={!ready} onClick={() => actorRef.send({ type: 'person.revoke', id: person.id })}>
                          Revoke
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {confirming && context.person ? (
            <div role="alertdialog" aria-labelledby="console-revoke-title" aria-describedby="console-revoke-text" className="console-people__confirm">
              <h2 id="console-revoke-title">Revoke {context.person.email}?</h2>
              <p id="console-revoke-text">They can no longer sign in. Their sessions end now.</p>
              <button type="button" className="action-button action-button--danger" disabled={!snapshot.matches({ shown: 'confirming' })} onClick={() => actorRef.send({ type: 'revoke.confirm' })}>
                Revoke access
              </button>{' '}
              <button type="button" className="action-button action-button--secondary" disabled={!snapshot.matches({ shown: 'confirming' })} onClick={() => actorRef.send({ type: 'revoke.cancel' })}>
                Cancel
              </button>
            </div>
          ) : null}

          <div aria-live="polite" className="console-people__result">
            {snapshot.matches({ shown: { ready: 'invited' } }) && context.invitation ? (
              <div className="console-people__invited">
                <h2>Invitation made</h2>
                <p>
                  Send this link to {context.invitation.person.email}; it works once, for 24 hours.
                  {context.invitation.mailed ? ' It was also mailed to them.' : ' It was not mailed: mail is not configured.'}
                </p>
                <p>
                  <code className="console-people__link">{context.invitation.link}</code>
                </p>
                <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'link.copy' })}>
                  Copy link
                </button>
                {snapshot.matches({ shown: { ready: { invited: 'linkCopied' } } }) ? <p>Link copied.</p> : null}
              </div>
            ) : null}
            {snapshot.matches({ shown: { ready: 'recoveryMailed' } }) && context.invitation ? (
              <div className="console-people__invited">
                <h2>Recovery link mailed</h2>
                <p>
                  {context.invitation.person.email} already has access. A recovery link was mailed to them alone: it adds a passkey to their account, works once, for 24
                  hours, and is not shown here.
                </p>
                <p>If they can no longer read that mailbox, revoke their access and invite them again.</p>
              </div>
            ) : null}
            {snapshot.matches({ shown: { ready: 'revoked' } }) && context.person ? <p>{context.person.email} no longer has access. Their sessions have ended.</p> : null}
            {snapshot.matches({ shown: { ready: 'refused' } }) ? <p className="console-people__problem">{context.problem}</p> : null}
          </div>

          <form
            className="console-people__invite"
            aria-labelledby="console-invite-title"
            aria-busy={inviting}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actorRef.send({ type: 'invite.submit' });
            }}
          >
            <h2 id="console-invite-title">Invite someone</h2>
            <ErrorSummary formId={FORM_ID} items={errorItems(FORM_ID, ['email'], { email: context.emailError ?? undefined })} summaryRef={summaryRef} headingLevel={3} />
            <TextField
              formId={FORM_ID}
              name="email"
              type="email"
              label="E-mail address"
              hint="They get a link that registers a passkey; it works once, for 24 hours. Someone who already has access is mailed a recovery link instead."
              autoComplete="off"
              required
              value={context.email}
              error={context.emailError ?? undefined}
              onChange={(value) => actorRef.send({ type: 'invite.email', value })}
            />
            <SelectField
              formId={FORM_ID}
              name="role"
              label="Role"
              hint="Staff also edit the site’s content while “Staff may edit the site’s content” below is ticked."
              options={ROLE_OPTIONS}
              value={context.role}
              onChange={(value) => actorRef.send({ type: 'invite.role', value: value as ConsoleRole })}
            />
            <button type="submit" className="action-button" disabled={!ready}>
              {inviting ? 'Inviting…' : 'Send invitation'}
            </button>
          </form>

          <StaffEditingSwitch api={api} navigate={navigate} onSessionEnded={onSessionEnded} {...(staffEditingLogic ? { logic: staffEditingLogic } : {})} />
        </>
      ) : null}
    </section>
  );
}
