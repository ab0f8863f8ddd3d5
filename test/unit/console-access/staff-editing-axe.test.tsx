// axe-core (WCAG 2.2 AA rules that run without layout) over the People page with its switch
// "Staff may edit the site's content": saved on (announced), and a change refused (said in words
// beside the switch).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { peopleMachine } from '../../../src/machines/console-access/people.machine.ts';
import { NOT_OWNER, staffEditingMachine } from '../../../src/machines/console-access/staff-editing.machine.ts';
import { ConsoleApiError, createConsoleApi, type ConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { PersonRow } from '../../../src/validation/console-access/console-access.protocol.ts';
import type { EditingSettings } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { PeoplePage } from '../../../src/views/console-access/people-page.view.tsx';
import { STAFF_EDITING_SAVED_ON } from '../../../src/views/console-access/staff-editing-switch.view.tsx';

const props = {
  session: { person: { id: 1, email: 'owner@example.com', role: 'owner' as const }, timeZone: 'Africa/Johannesburg', expiresAt: '2026-11-26T20:00:00.000Z', idleMinutes: 30 },
  api: createConsoleApi(),
  onSessionEnded: () => undefined,
  navigate: () => undefined,
};

const people = peopleMachine.provide({
  actors: {
    loadPeople: fromPromise<PersonRow[], { api: ConsoleApi }>(async () => [
      { id: 1, email: 'owner@example.com', role: 'owner' as const, createdAt: '2026-11-01T08:00:00.000Z', revokedAt: null, passkeys: 1, invitationPending: false, lastSignInAt: null, failedSignIns: 0, lastFailedAt: null },
    ]),
  },
});

function staffEditing(save: (staffMayEdit: boolean) => Promise<EditingSettings>) {
  return staffEditingMachine.provide({
    actors: {
      loadStaffEditing: fromPromise<EditingSettings, { api: ConsoleApi }>(async () => ({ staffMayEdit: false })),
      saveStaffEditing: fromPromise<EditingSettings, { api: ConsoleApi; staffMayEdit: boolean }>(({ input }) => save(input.staffMayEdit)),
    },
  });
}

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('the People page\u2019s switch under axe', () => {
  it('turned on and saved', async () => {
    const logic = staffEditing(async (staffMayEdit) => ({ staffMayEdit }));
    const { container } = render(<PeoplePage {...props} logic={people} staffEditingLogic={logic} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Staff may edit the site\u2019s content' }));
    expect(await screen.findByText(STAFF_EDITING_SAVED_ON)).toHaveAttribute('role', 'status');
    expect(await violations(container)).toEqual([]);
  });

  it('a change refused, in words beside the switch', async () => {
    const logic = staffEditing(async () => {
      throw new ConsoleApiError(CONSOLE_REFUSAL.wrongRole, 'Your role may not do this.', 403);
    });
    const { container } = render(<PeoplePage {...props} logic={people} staffEditingLogic={logic} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Staff may edit the site\u2019s content' }));
    expect(await screen.findByText(`Not saved: ${NOT_OWNER}`)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('checkbox', { name: 'Staff may edit the site\u2019s content' })).not.toBeChecked();
    expect(await violations(container)).toEqual([]);
  });
});
