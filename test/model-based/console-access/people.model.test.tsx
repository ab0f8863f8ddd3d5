// people, walked through the real <PeoplePage> along every edge of the production machine's
// graph: the list loads or fails (and is asked for again), an invitation is refused in the
// browser (beside the field and in the summary), sent, refused by the server or answered with
// its link (or, for someone who already has access, with no link: a recovery link was mailed to
// them alone); a revocation is confirmed, cancelled, done or refused; an ended session goes back
// to sign-in. The switch that lets staff edit the site (its own machine, staff-editing.model.test.tsx)
// is on the page once the list is shown, here still reading the rule.
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { EMAIL_INVALID, EMAIL_MISSING, emailProblem, peopleMachine } from '../../../src/machines/console-access/people.machine.ts';
import { staffEditingMachine } from '../../../src/machines/console-access/staff-editing.machine.ts';
import { ConsoleApiError, createConsoleApi, type ConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import type { EditingSettings } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { CONSOLE_ACCESS_ERROR, type InviteAnswer, type PersonRow } from '../../../src/validation/console-access/console-access.protocol.ts';
import { PeoplePage } from '../../../src/views/console-access/people-page.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

const OWNER: PersonRow = {
  id: 1,
  email: 'owner@example.com',
  role: 'owner',
  createdAt: '2026-11-01T08:00:00.000Z',
  revokedAt: null,
  passkeys: 2,
  invitationPending: false,
  lastSignInAt: '2026-11-20T08:30:00.000Z',
  failedSignIns: 3,
  lastFailedAt: '2026-11-21T10:00:00.000Z',
};
const STAFF: PersonRow = { ...OWNER, id: 2, email: 'staff@example.com', role: 'staff', passkeys: 0, invitationPending: true, lastSignInAt: null, failedSignIns: 0, lastFailedAt: null };
const PEOPLE = [OWNER, STAFF];
const INVITED: InviteAnswer = {
  person: { id: 3, email: 'new@example.com', role: 'staff' },
  link: 'https://example.com/admin/#/enrol/abc123',
  expiresAt: '2026-11-27T08:00:00.000Z',
  mailed: false,
  recovery: false,
};
/** Someone with access: the recovery link went to their mailbox, and the answer holds none. */
const RECOVERY: InviteAnswer = { person: { id: 2, email: 'new@example.com', role: 'staff' }, link: null, expiresAt: '2026-11-27T08:00:00.000Z', mailed: true, recovery: true };
const session = { person: { id: 1, email: OWNER.email, role: 'owner' as const }, timeZone: 'Africa/Johannesburg', expiresAt: '2026-11-26T20:00:00.000Z', idleMinutes: 30 };
const onSessionEnded = vi.fn();
// A list that could not be read again is logged; the test keeps the output clean.
vi.spyOn(console, 'error').mockImplementation(() => {});
const signedOut = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'The session has ended.', 401);

/** The switch's rule is never answered here: its paths are walked by its own model. */
const staffEditingLogic = staffEditingMachine.provide({ actors: { loadStaffEditing: fromPromise<EditingSettings, { api: ConsoleApi }>(() => new Promise(() => undefined)) } });
const switchHeading = () => screen.queryByRole('heading', { level: 2, name: 'What staff may do' });

const emailField = () => screen.getByRole('textbox', { name: /E-mail address/ });
const summary = () => document.querySelector<HTMLElement>('.error-summary')!;
const table = () => screen.getByRole('table', { name: 'Everyone with access to the console' });

function expectList() {
  const rows = within(table()).getAllByRole('row');
  expect(rows).toHaveLength(PEOPLE.length + 1);
  // Times in the company's time zone (UTC+2): 08:30Z is 10:30.
  expect(rows[1]).toHaveTextContent(/owner@example\.com\s*Owner\s*2.*10:30.*3, last .*12:00.*Has access/);
  expect(rows[2]).toHaveTextContent(/staff@example\.com\s*Staff\s*0\s*Never\s*None\s*Invitation pending/);
  expect(switchHeading()).toBeVisible();
}

describeModel({
  machine: peopleMachine,
  input: { api: createConsoleApi() },
  // The form's text is reduced to what the page can tell apart: empty, not an address, an address.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.matches({ shown: 'ready' }) ? [emailProblem(snapshot.context.email), snapshot.context.emailError] : null,
      snapshot.context.problem,
    ]),
  eventSamples: [
    { type: 'xstate.done.actor.loadPeople', output: PEOPLE },
    { type: 'xstate.error.actor.loadPeople', error: new ConsoleApiError('fetch_error', 'The server could not be reached.', 0) },
    { type: 'xstate.error.actor.loadPeople', error: signedOut },
    { type: 'invite.email', value: 'not an address' },
    { type: 'invite.email', value: 'new@example.com' },
    { type: 'invite.role', value: 'owner' },
    { type: 'xstate.done.actor.sendInvitation', output: INVITED },
    { type: 'xstate.done.actor.sendInvitation', output: RECOVERY },
    { type: 'xstate.error.actor.sendInvitation', error: new ConsoleApiError(CONSOLE_ACCESS_ERROR.alreadyInvited, 'exists', 409) },
    { type: 'xstate.error.actor.sendInvitation', error: new ConsoleApiError(CONSOLE_ACCESS_ERROR.recoveryNeedsMail, 'no mail', 409) },
    { type: 'xstate.error.actor.sendInvitation', error: signedOut },
    { type: 'person.revoke', id: 2 },
    { type: 'xstate.done.actor.revokeAccess' },
    { type: 'xstate.error.actor.revokeAccess', error: new ConsoleApiError(CONSOLE_ACCESS_ERROR.lastOwner, 'last owner', 409) },
    { type: 'xstate.error.actor.revokeAccess', error: signedOut },
  ],
  fakes: { loadPeople: () => fakePromiseActor(), sendInvitation: () => fakePromiseActor(), revokeAccess: () => fakePromiseActor() },
  setup: () => {
    onSessionEnded.mockClear();
  },
  render: ({ logic, inspect }) => <PeoplePage session={session} api={createConsoleApi()} onSessionEnded={onSessionEnded} navigate={() => undefined} logic={logic} inspect={inspect} staffEditingLogic={staffEditingLogic} />,
  events: {
    'list.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'invite.email': async ({ user, event }) => {
      await user.clear(emailField());
      await user.type(emailField(), (event as { value: string }).value);
    },
    'invite.role': ({ user }) => user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'owner'),
    'invite.submit': ({ user }) => user.click(screen.getByRole('button', { name: 'Send invitation' })),
    'link.copy': ({ user }) => user.click(screen.getByRole('button', { name: 'Copy link' })),
    'person.revoke': ({ user }) => user.click(screen.getByRole('button', { name: 'Revoke staff@example.com' })),
    'revoke.confirm': ({ user }) => user.click(screen.getByRole('button', { name: 'Revoke access' })),
    'revoke.cancel': ({ user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
  states: {
    loading: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent('Loading the people with access…');
      expect(screen.queryByRole('table')).toBeNull();
      expect(switchHeading()).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent('The list of people could not be loaded. The server could not be reached.');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
      expect(screen.queryByRole('table')).toBeNull();
    },
    signedOut: () => {
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Sign in again.');
      expect(screen.queryByRole('table')).toBeNull();
    },
    'shown.ready.idle': ({ snapshot }) => {
      expectList();
      expect(screen.getByRole('button', { name: 'Send invitation' })).toBeEnabled();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      const error = snapshot.context.emailError;
      if (error === null) {
        expect(summary()).not.toBeVisible();
        expect(emailField()).not.toHaveAttribute('aria-invalid', 'true');
      } else {
        expect([EMAIL_MISSING, EMAIL_INVALID]).toContain(error);
        // Beside the field, and in the summary (an alert).
        expect(emailField()).toHaveAttribute('aria-invalid', 'true');
        expect(emailField()).toHaveAccessibleDescription(expect.stringContaining(error));
        expect(within(summary()).getByRole('alert')).toHaveTextContent(`There is a problem${error}`);
      }
    },
    'shown.ready.invited.linkShown': ({ snapshot }) => {
      expectList();
      expect(screen.getByText('https://example.com/admin/#/enrol/abc123')).toBeVisible();
      expect(screen.getByText(/Send this link to new@example\.com; it works once, for 24 hours\. It was not mailed/)).toBeVisible();
      expect(screen.getByRole('button', { name: 'Copy link' })).toBeVisible();
      expect(screen.queryByText('Link copied.')).toBeNull();
      // The form was emptied for the next one.
      expect(emailField()).toHaveValue(snapshot.context.email);
    },
    'shown.ready.invited.linkCopied': async () => {
      // user-event's clipboard stands in for the browser's.
      await expect(navigator.clipboard.readText()).resolves.toBe(INVITED.link);
      expect(screen.getByText('Link copied.')).toBeVisible();
    },
    'shown.ready.recoveryMailed': ({ snapshot }) => {
      expectList();
      expect(screen.getByRole('heading', { name: 'Recovery link mailed' })).toBeVisible();
      expect(screen.getByText(/new@example\.com already has access\. A recovery link was mailed to them alone/)).toBeVisible();
      // Never a link into another person's account, nor a way to copy one.
      expect(document.body.textContent).not.toContain('#/enrol/');
      expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
      expect(emailField()).toHaveValue(snapshot.context.email);
    },
    'shown.ready.revoked': () => {
      expect(screen.getByText('staff@example.com no longer has access. Their sessions have ended.')).toBeVisible();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expectList();
    },
    'shown.ready.refused': ({ snapshot }) => {
      expectList();
      const words = snapshot.context.problem!;
      expect([
        'new@example.com already has access with the other role. Revoke it first to change their role.',
        'new@example.com already has access, and mail is not set up, so a recovery link cannot reach them. Revoke their access first, then invite them again.',
        'staff@example.com is the last owner. Invite another owner before revoking them.',
      ]).toContain(words);
      expect(screen.getByText(words)).toBeVisible();
    },
    'shown.inviting': ({ fakes }) => {
      expect(screen.getByRole('button', { name: 'Inviting…' })).toBeDisabled();
      expect((fakes.sendInvitation as FakePromiseActor).pending?.input).toMatchObject({ body: { email: 'new@example.com' } });
    },
    'shown.confirming': () => {
      const dialog = screen.getByRole('alertdialog', { name: 'Revoke staff@example.com?' });
      expect(dialog).toHaveAccessibleDescription('They can no longer sign in. Their sessions end now.');
      expect(within(dialog).getByRole('button', { name: 'Revoke access' })).toBeEnabled();
    },
    'shown.revoking': ({ fakes }) => {
      expect(screen.getByRole('button', { name: 'Revoke access' })).toBeDisabled();
      expect((fakes.revokeAccess as FakePromiseActor).pending?.input).toMatchObject({ id: 2 });
    },
  },
});
