// axe-core (WCAG 2.2 AA rules that run without layout) over the people page with its list and
// an address refused, the account page asking for a sign-in again before adding a passkey, the
// audit log with entries, and the mail banner while mail waits.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { accountMachine } from '../../../src/machines/console-access/account.machine.ts';
import { auditLogMachine } from '../../../src/machines/console-access/audit-log.machine.ts';
import { PasskeyError } from '../../../src/services/console-access/passkey-ceremonies.service.ts';
import { AccountPage } from '../../../src/views/console-access/account-page.view.tsx';
import { peopleMachine } from '../../../src/machines/console-access/people.machine.ts';
import { mailHealthMachine } from '../../../src/machines/inbox/mail-health.machine.ts';
import { createConsoleApi, type ConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { AuditPage } from '../../../src/views/console-access/audit-page.view.tsx';
import { PeoplePage } from '../../../src/views/console-access/people-page.view.tsx';
import type { AuditAnswer, Passkey, PersonRow } from '../../../src/validation/console-access/console-access.protocol.ts';
import type { BannerHealth } from '../../../src/validation/shared/backup-health.protocol.ts';
import { MailHealthBanner } from '../../../src/views/inbox/mail-health-banner.view.tsx';

const props = {
  session: { person: { id: 1, email: 'owner@example.com', role: 'owner' as const }, timeZone: 'Africa/Johannesburg', expiresAt: '2026-11-26T20:00:00.000Z', idleMinutes: 30 },
  api: createConsoleApi(),
  onSessionEnded: () => undefined,
  navigate: () => undefined,
};

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('the console pages under axe', () => {
  it('people: the list and a refused address', async () => {
    const logic = peopleMachine.provide({
      actors: {
        loadPeople: fromPromise<PersonRow[], { api: ConsoleApi }>(async () => [
          { id: 1, email: 'owner@example.com', role: 'owner' as const, createdAt: '2026-11-01T08:00:00.000Z', revokedAt: null, passkeys: 1, invitationPending: false, lastSignInAt: null, failedSignIns: 0, lastFailedAt: null },
        ]),
      },
    });
    const { container } = render(<PeoplePage {...props} logic={logic} />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('There is a problem');
    expect(await violations(container)).toEqual([]);
  });

  it('account: adding a passkey refused for want of a recent sign-in, the sign-in asked for beside the button', async () => {
    const logic = accountMachine.provide({
      actors: {
        loadPasskeys: fromPromise<Passkey[]>(async () => [{ id: 1, name: 'Laptop', createdAt: '2026-11-20T08:00:00.000Z', lastUsedAt: null }]),
        addPasskey: fromPromise<Passkey[], { name: string }>(async () => {
          throw new PasskeyError('signInAgain', 'sign in again');
        }),
      },
    });
    const { container } = render(<AccountPage {...props} onSignOutEverywhere={() => undefined} logic={logic} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await screen.findByRole('button', { name: 'Sign in again with your passkey' });
    expect(await violations(container)).toEqual([]);
  });

  it('audit log with entries', async () => {
    const logic = auditLogMachine.provide({
      actors: { loadAuditPage: fromPromise<AuditAnswer, { api: ConsoleApi; before: number | null }>(async () => ({ entries: [{ id: 1, at: '2026-11-26T08:00:00.000Z', actor: 'owner@example.com', action: 'sign-in' as const, subject: 'owner@example.com', detail: {} }], next: 1 })) },
    });
    const { container } = render(<AuditPage {...props} logic={logic} />);
    await screen.findByRole('button', { name: 'Older entries' });
    expect(await violations(container)).toEqual([]);
  });

  it('the health banner (mail, backups, disks and the published site)', async () => {
    const backup = {
      state: 'failed' as const,
      lastSuccessAt: null,
      lastSuccessArchive: null,
      lastFailureAt: '2026-11-26T00:00:02.000Z',
      lastFailureReason: 'ENOSPC: no space left on device, write',
      lastFailureCode: 'diskFull' as const,
      offsite: { state: 'off' as const, archive: null, lastCopiedAt: null, attempts: 0, nextAttemptAt: null, reason: null, code: null },
    };
    const disk = { state: 'low' as const, database: { freeBytes: 10 * 1024 ** 2, minFreeBytes: 100 * 1024 ** 2, low: true, unreadable: null }, uploads: { freeBytes: null, minFreeBytes: 1024 ** 3, low: false, unreadable: 'EACCES: permission denied' } };
    const site = { state: 'build' as const, servedRevision: 0, failedRevision: 4, reason: 'hero.heading: expected a string', attempts: 2, failedAt: '2026-11-26T07:00:00.000Z', nextAttemptAt: '2026-11-26T07:04:00.000Z' };
    const logic = mailHealthMachine.provide({
      actors: {
        checkMailHealth: fromPromise<BannerHealth, { api: ConsoleApi }>(async () => ({
          mail: { state: 'failing' as const, reason: 'connection' as const, smtpAnswer: 'connect ECONNREFUSED 127.0.0.1:25', failingSince: '2026-11-26T07:00:00.000Z', lastDeliveredAt: null, backlog: { waiting: 2, oldestWaitingSince: '2026-11-26T07:00:00.000Z', held: 0 } },
          backup,
          disk,
          site,
        })),
      },
    });
    const { container } = render(<MailHealthBanner {...props} logic={logic} />);
    expect(await screen.findAllByRole('alert')).toHaveLength(4);
    expect(await violations(container)).toEqual([]);
  });
});
