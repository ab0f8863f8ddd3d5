// staffEditing, walked through the real <StaffEditingSwitch> (the People page's "What staff may
// do") along every edge of the production machine's graph: the rule loads (on or off), fails
// (and is asked for again) or finds the session ended; the switch is turned on or off, saved
// (announced, whichever rule the server answers), refused (said in words, the rule as it was),
// or finds the session ended.
import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { NOT_OWNER, staffEditingMachine } from '../../../src/machines/console-access/staff-editing.machine.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import {
  STAFF_EDITING_EFFECT,
  STAFF_EDITING_SAVED_OFF,
  STAFF_EDITING_SAVED_ON,
  StaffEditingSwitch,
} from '../../../src/views/console-access/staff-editing-switch.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

const onSessionEnded = vi.fn();
const signedOut = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'The session has ended.', 401);
const unreachable = new ConsoleApiError('fetch_error', 'The server could not be reached (Failed to fetch). Check the connection and try again.', 0);
const notOwner = new ConsoleApiError(CONSOLE_REFUSAL.wrongRole, 'Your role may not do this.', 403);

const box = () => screen.getByRole('checkbox', { name: 'Staff may edit the site’s content' });
const status = () => screen.getByRole('status');

/** The switch as loaded or saved: on or off, with what it changes beside it, nothing pending. */
function expectSwitch(on: boolean) {
  expect(screen.getByRole('heading', { level: 2, name: 'What staff may do' })).toBeVisible();
  expect(screen.getByRole('group', { name: 'Editing the site’s content' })).toHaveAccessibleDescription(STAFF_EDITING_EFFECT);
  if (on) expect(box()).toBeChecked();
  else expect(box()).not.toBeChecked();
  expect(screen.getByRole('region', { name: 'What staff may do' })).toHaveAttribute('aria-busy', 'false');
  expect(screen.queryByRole('alert')).toBeNull();
}

/** A change refused: the rule as it was, and why, in the status region beside the switch. */
function expectRefused(on: boolean, problem: string | null) {
  expectSwitch(on);
  expect([NOT_OWNER, unreachable.message]).toContain(problem);
  expect(status()).toHaveTextContent(`Not saved: ${problem}`);
  expect(status()).toHaveClass('console-people__problem');
}

/** A change asked for: the box shows what was asked, "Saving…" is announced, the rule is sent. */
function expectSaving(on: boolean, fake: FakePromiseActor) {
  if (on) expect(box()).toBeChecked();
  else expect(box()).not.toBeChecked();
  expect(status()).toHaveTextContent('Saving…');
  expect(screen.getByRole('region', { name: 'What staff may do' })).toHaveAttribute('aria-busy', 'true');
  expect(fake.pending?.input).toMatchObject({ staffMayEdit: on });
}

describeModel({
  machine: staffEditingMachine,
  input: { api: createConsoleApi() },
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.problem]),
  eventSamples: [
    { type: 'xstate.done.actor.loadStaffEditing', output: { staffMayEdit: true } },
    { type: 'xstate.done.actor.loadStaffEditing', output: { staffMayEdit: false } },
    { type: 'xstate.error.actor.loadStaffEditing', error: unreachable },
    { type: 'xstate.error.actor.loadStaffEditing', error: signedOut },
    { type: 'xstate.done.actor.saveStaffEditing', output: { staffMayEdit: true } },
    { type: 'xstate.done.actor.saveStaffEditing', output: { staffMayEdit: false } },
    { type: 'xstate.error.actor.saveStaffEditing', error: notOwner },
    { type: 'xstate.error.actor.saveStaffEditing', error: unreachable },
    { type: 'xstate.error.actor.saveStaffEditing', error: signedOut },
  ],
  fakes: { loadStaffEditing: () => fakePromiseActor(), saveStaffEditing: () => fakePromiseActor() },
  setup: () => {
    onSessionEnded.mockClear();
  },
  render: ({ logic, inspect }) => <StaffEditingSwitch api={createConsoleApi()} navigate={() => undefined} onSessionEnded={onSessionEnded} logic={logic} inspect={inspect} />,
  events: {
    'switch.toggle': ({ user }) => user.click(box()),
    'setting.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  states: {
    loading: () => {
      expect(screen.getByText('Checking whether staff may edit the site’s content…')).toBeVisible();
      expect(screen.queryByRole('checkbox')).toBeNull();
      expect(status()).toHaveTextContent('');
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent(`Whether staff may edit the site’s content could not be read. ${unreachable.message}`);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
      expect(screen.queryByRole('checkbox')).toBeNull();
    },
    'allowed.unchanged': () => {
      expectSwitch(true);
      expect(status()).toHaveTextContent('');
    },
    'allowed.saved': () => {
      expectSwitch(true);
      expect(status()).toHaveTextContent(STAFF_EDITING_SAVED_ON);
    },
    'allowed.refused': ({ snapshot }) => expectRefused(true, snapshot.context.problem),
    'notAllowed.unchanged': () => {
      expectSwitch(false);
      expect(status()).toHaveTextContent('');
    },
    'notAllowed.saved': () => {
      expectSwitch(false);
      expect(status()).toHaveTextContent(STAFF_EDITING_SAVED_OFF);
    },
    'notAllowed.refused': ({ snapshot }) => expectRefused(false, snapshot.context.problem),
    allowing: ({ fakes }) => expectSaving(true, fakes.saveStaffEditing as FakePromiseActor),
    forbidding: ({ fakes }) => expectSaving(false, fakes.saveStaffEditing as FakePromiseActor),
    signedOut: () => {
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('checkbox')).toBeNull();
    },
  },
});
