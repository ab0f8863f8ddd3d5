// auditLog, walked through the real <AuditPage> along every edge of the production machine's
// graph: the first page loads, is empty or fails (and is asked for again); older pages are
// added below until the last one, or fail and are asked for again; an ended session goes back
// to sign-in.
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { auditLogMachine } from '../../../src/machines/console-access/audit-log.machine.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { AuditAnswer } from '../../../src/validation/console-access/console-access.protocol.ts';
import { AuditPage } from '../../../src/views/console-access/audit-page.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';

const FIRST: AuditAnswer = {
  entries: [
    { id: 9, at: '2026-11-26T08:15:00.000Z', actor: 'owner@example.com', action: 'invitation', subject: 'new@example.com', detail: { role: 'staff' } },
    { id: 8, at: '2026-11-25T22:30:00.000Z', actor: 'staff@example.com', action: 'sign-in-failed', subject: 'staff@example.com', detail: {} },
  ],
  next: 8,
};
const LAST: AuditAnswer = { entries: [{ id: 3, at: '2026-11-20T06:00:00.000Z', actor: 'command line', action: 'revocation', subject: 'old@example.com', detail: {} }], next: null };
const session = { person: { id: 1, email: 'owner@example.com', role: 'owner' as const }, timeZone: 'Africa/Johannesburg', expiresAt: '2026-11-26T20:00:00.000Z', idleMinutes: 30 };
const onSessionEnded = vi.fn();

const rows = () => within(screen.getByRole('table', { name: 'What was done in the console, newest first' })).getAllByRole('row').slice(1);

describeModel({
  machine: auditLogMachine,
  input: { api: createConsoleApi() },
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.entries.length, snapshot.context.next]),
  eventSamples: [
    { type: 'xstate.done.actor.loadAuditPage', output: FIRST },
    { type: 'xstate.done.actor.loadAuditPage', output: LAST },
    { type: 'xstate.done.actor.loadAuditPage', output: { entries: [], next: null } },
    { type: 'xstate.error.actor.loadAuditPage', error: new ConsoleApiError('fetch_error', 'The server could not be reached.', 0) },
    { type: 'xstate.error.actor.loadAuditPage', error: new ConsoleApiError(CONSOLE_REFUSAL.sessionRequired, 'Sign in.', 401) },
  ],
  // Only the first page can be empty, and an older page is never asked for twice in a model step.
  filterEvents: (snapshot, event) => {
    const output = (event as { output?: AuditAnswer }).output;
    if (output === undefined) return true;
    return !(snapshot.matches({ shown: 'more' }) && output.entries.length === 0) && !(snapshot.context.entries.length > 2 && output === FIRST);
  },
  fakes: { loadAuditPage: () => fakePromiseActor() },
  setup: () => {
    onSessionEnded.mockClear();
  },
  render: ({ logic, inspect }) => <AuditPage session={session} api={createConsoleApi()} onSessionEnded={onSessionEnded} navigate={() => undefined} logic={logic} inspect={inspect} />,
  events: {
    'entries.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'entries.older': ({ user }) => user.click(screen.getByRole('button', { name: /^(Older entries|Try older entries again)$/ })),
  },
  states: {
    loading: ({ fakes }) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      expect(screen.getByText('Loading the audit log…')).toBeVisible();
      expect((fakes.loadAuditPage as FakePromiseActor).pending?.input).toMatchObject({ before: null });
    },
    empty: () => {
      expect(screen.getByText('Nothing has been recorded yet.')).toBeVisible();
      expect(screen.queryByRole('table')).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent('The audit log could not be loaded. The server could not be reached.');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    signedOut: () => {
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(screen.getByText('Your session has ended. Sign in again.')).toBeVisible();
    },
    shown: ({ snapshot }) => {
      const shown = rows();
      expect(shown).toHaveLength(snapshot.context.entries.length);
      // Newest first, in the company's time zone (UTC+2), the action in words.
      expect(shown[0]).toHaveTextContent(
        snapshot.context.entries[0]?.id === 9
          ? /26 Nov 2026.*10:15\s*owner@example\.com\s*Invited someone\s*new@example\.com\s*as staff/
          : /20 Nov 2026.*08:00\s*command line\s*Revoked access\s*old@example\.com/,
      );
    },
    'shown.complete': () => {
      expect(rows().at(-1)).toHaveTextContent(/20 Nov 2026.*08:00\s*command line\s*Revoked access\s*old@example\.com/);
      expect(screen.getByText('These are all the entries.')).toBeVisible();
      expect(screen.queryByRole('button', { name: /Older entries/ })).toBeNull();
    },
    'shown.more.idle': () => {
      expect(rows()[1]).toHaveTextContent(/26 Nov 2026.*00:30\s*staff@example\.com\s*Failed to sign in/);
      expect(screen.getByRole('button', { name: 'Older entries' })).toBeEnabled();
    },
    'shown.more.loading': ({ fakes }) => {
      expect(screen.getByRole('button', { name: 'Loading older entries…' })).toBeDisabled();
      expect((fakes.loadAuditPage as FakePromiseActor).pending?.input).toMatchObject({ before: 8 });
    },
    'shown.more.failed': () => {
      expect(screen.getByText('Older entries could not be loaded. The server could not be reached.')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Try older entries again' })).toBeEnabled();
    },
  },
});
