// consoleSession, walked through the real <ConsoleApp> (the shell) along every edge of the
// production machine's graph: the session checked on opening, the server unreachable, signed
// in (the header says who, the navigation follows the role), a page finding the session ended,
// sign out and sign out everywhere, and what the sign-in page then says; the tab's presence mark
// for the public pages' click counts is there exactly while signed in (README.md, "Click counts").
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { consoleSessionMachine } from '../../../src/machines/console-access/console-session.machine.ts';
import { signInMachine } from '../../../src/machines/console-access/sign-in.machine.ts';
import type { PasskeySupport } from '../../../src/services/console-access/passkey-ceremonies.service.ts';
import { createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { isConsoleSignedIn } from '../../../src/services/shared/console-presence.service.ts';
import { ConsoleApp } from '../../../src/views/console/console-app.view.tsx';
import type { ConsolePageProps } from '../../../src/views/shared/console-page-props.ts';
import type { SessionAnswer, SignedInAnswer } from '../../../src/validation/console-access/console-access.protocol.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';
import { company } from '../../support/site-content.ts';

vi.spyOn(console, 'error').mockImplementation(() => {});

const sessionOf = (role: 'owner' | 'staff'): SessionAnswer => ({
  person: { id: role === 'owner' ? 1 : 2, email: `${role}@example.co.za`, role },
  timeZone: 'Africa/Johannesburg',
  expiresAt: '2026-11-26T22:00:00.000Z',
  idleMinutes: 30,
});

/** The dashboard as a page that finds the session ended on its next request. */
function DashboardStandIn({ onSessionEnded }: ConsolePageProps) {
  return (
    <section>
      <h1 tabIndex={-1}>Dashboard</h1>
      <button type="button" onClick={onSessionEnded}>
        Load the messages
      </button>
    </section>
  );
}

/** The sign-in page with a browser that has passkeys and a passkey the server accepts. */
const signInWithPasskey = signInMachine.provide({
  actors: {
    checkPasskeySupport: fromPromise<PasskeySupport>(async () => ({ webAuthn: true, autofill: false })),
    signInWithButton: fromPromise<SignedInAnswer>(async () => ({ person: sessionOf('owner').person })),
  },
});

const nav = () => screen.queryByRole('navigation', { name: 'Console' });
const signOutButton = () => screen.queryByRole('button', { name: 'Sign out' });

describeModel({
  machine: consoleSessionMachine,
  eventSamples: [
    { type: 'xstate.done.actor.loadSession', output: sessionOf('owner') },
    { type: 'xstate.done.actor.loadSession', output: sessionOf('staff') },
    { type: 'xstate.done.actor.loadSession', output: null },
    { type: 'xstate.error.actor.loadSession', error: new Error('fetch_error') },
    { type: 'xstate.done.actor.signOut', output: { ok: true } },
    { type: 'xstate.error.actor.signOut', error: new Error('fetch_error') },
    { type: 'session.retry' },
    { type: 'session.started' },
    { type: 'session.ended' },
    { type: 'session.signOut' },
    { type: 'session.signOutEverywhere' },
  ],
  // A sign-in out of each way of being signed out; sign-out failures once.
  filterEvents: (snapshot, event) => !(snapshot.matches({ signedIn: { active: 'signOutFailed' } }) && event.type.startsWith('session.signOut')),
  fakes: {
    loadSession: () => fakePromiseActor(),
    signOut: () => fakePromiseActor(),
  },
  setup: () => {
    window.location.hash = '';
    sessionStorage.clear();
  },
  render: ({ logic, inspect }) => <ConsoleApp siteName={company.name} api={createConsoleApi()} logic={logic} inspect={inspect} signInLogic={signInWithPasskey} pages={{ dashboard: DashboardStandIn }} />,
  events: {
    'session.started': async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    },
    'session.retry': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    },
    'session.ended': async ({ user }) => {
      if (window.location.hash !== '') await user.click(screen.getByRole('link', { name: 'Dashboard' }));
      await user.click(await screen.findByRole('button', { name: 'Load the messages' }));
    },
    'session.signOut': async ({ user }) => {
      await user.click(signOutButton()!);
    },
    'session.signOutEverywhere': async ({ user }) => {
      await user.click(screen.getByRole('link', { name: 'Account' }));
      await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    },
  },
  states: {
    checking: () => {
      expect(isConsoleSignedIn()).toBe(false);
      expect(screen.getByRole('status')).toHaveTextContent('Checking whether you are signed in…');
      expect(nav()).toBeNull();
      expect(screen.getByRole('main')).toBeInTheDocument();
    },
    unreachable: () => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The console cannot reach the server');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    signedOut: () => {
      expect(isConsoleSignedIn()).toBe(false);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
      expect(nav()).toBeNull();
      expect(document.title).toBe('Sign in — Console — Lumina Display Engineering');
    },
    'signedOut.arrived': () => {
      expect(document.querySelector('.console-notice')).toBeNull();
    },
    'signedOut.ended': () => {
      expect(document.querySelector('.console-notice')).toHaveTextContent('Your session has ended. Sign in again.');
      // The focus is on the new page's heading.
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    },
    'signedOut.left': () => {
      expect(document.querySelector('.console-notice')).toHaveTextContent('You have signed out.');
    },
    'signedOut.leftEverywhere': () => {
      expect(document.querySelector('.console-notice')).toHaveTextContent('You have signed out on every device.');
    },
    signedIn: ({ snapshot }) => {
      expect(isConsoleSignedIn()).toBe(true);
      expect(screen.getByRole('link', { name: 'View the site' })).toHaveAttribute('href', '/');
      const { person } = snapshot.context.session!;
      const header = within(screen.getByRole('banner'));
      // The address whole, though it may break only after @ and before a dot (EmailAddress).
      expect(screen.getByRole('banner').querySelector('.console-header__email')?.textContent).toBe(person.email);
      expect(header.getByText(person.role === 'owner' ? 'Owner' : 'Staff')).toBeInTheDocument();
      const links = screen.getAllByRole('link').filter((link) => nav()!.contains(link)).map((link) => link.textContent);
      expect(links).toEqual(person.role === 'owner' ? ['Dashboard', 'Inbox', 'Subscribers', 'Link clicks', 'Site content', 'Pictures', 'People', 'Audit log', 'Privacy requests', 'Backups', 'Account'] : ['Dashboard', 'Inbox', 'Subscribers', 'Link clicks', 'Site content', 'Pictures', 'Account']);
    },
    'signedIn.active.settled': () => {
      expect(signOutButton()).toBeEnabled();
      expect(document.querySelector('.console-banner')).toBeNull();
    },
    'signedIn.active.signOutFailed': () => {
      expect(document.querySelector('.console-banner[role="alert"]')).toHaveTextContent('Signing out did not work');
      expect(signOutButton()).toBeEnabled();
    },
    'signedIn.signingOut': ({ fakes }) => {
      expect(signOutButton()).toBeDisabled();
      expect((fakes.signOut as FakePromiseActor).pending?.input).toEqual({ everywhere: false });
    },
    'signedIn.signingOutEverywhere': ({ fakes }) => {
      expect(signOutButton()).toBeDisabled();
      expect((fakes.signOut as FakePromiseActor).pending?.input).toEqual({ everywhere: true });
    },
  },
});
