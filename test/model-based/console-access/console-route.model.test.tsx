// consoleRoute, walked through the real <ConsoleApp> (the shell, signed in) along every edge of
// the production machine's graph: each hash route shows its page with the focus on its h1 and
// the document's title naming it; owner-only pages say so to staff; a page's navigate() changes
// the address.
import { act, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { consoleRouteMachine } from '../../../src/machines/console-access/console-route.machine.ts';
import { consoleSessionMachine } from '../../../src/machines/console-access/console-session.machine.ts';
import { createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { ConsoleApp, OWNER_ONLY_TEXT, PAGE_TITLES } from '../../../src/views/console/console-app.view.tsx';
import type { ConsolePageProps } from '../../../src/views/shared/console-page-props.ts';
import type { SessionAnswer } from '../../../src/validation/console-access/console-access.protocol.ts';
import { describeModel, fakeCallbackActor, type FakeCallbackActor, type ModelConfig } from '../harness/index.ts';
import { company } from '../../support/site-content.ts';

vi.spyOn(console, 'error').mockImplementation(() => {});

const staff: SessionAnswer = { person: { id: 2, email: 'staff@example.co.za', role: 'staff' }, timeZone: 'Africa/Johannesburg', expiresAt: '2026-11-26T22:00:00.000Z', idleMinutes: 30 };
const signedInAsStaff = consoleSessionMachine.provide({ actors: { loadSession: fromPromise<SessionAnswer | null>(async () => staff) } });

function MessageStandIn({ messageId }: ConsolePageProps & { messageId: number }) {
  return <h1 tabIndex={-1}>Message {messageId}</h1>;
}

/** The inbox reads its filter from the address itself. */
function InboxStandIn(_props: ConsolePageProps) {
  return <h1 tabIndex={-1}>Inbox</h1>;
}

/** The pictures page loads its list itself: a stand-in here. */
function MediaStandIn(_props: ConsolePageProps) {
  return <h1 tabIndex={-1}>Pictures</h1>;
}
/** The content pages name the document the address gave them. */
function AddProjectStandIn(_props: ConsolePageProps) {
  return <h1 tabIndex={-1}>Add a project</h1>;
}
function ContentStandIn(_props: ConsolePageProps) {
  return <h1 tabIndex={-1}>Site content</h1>;
}
const documentStandIn = (what: string) =>
  function DocumentStandIn({ documentName }: ConsolePageProps & { documentName: string }) {
    return (
      <h1 tabIndex={-1}>
        {what} {documentName}
      </h1>
    );
  };

function SubscriberStandIn({ subscriberId }: ConsolePageProps & { subscriberId: number }) {
  return <h1 tabIndex={-1}>Subscriber {subscriberId}</h1>;
}

function DashboardStandIn({ navigate }: ConsolePageProps) {
  return (
    <section>
      <h1 tabIndex={-1}>Dashboard</h1>
      <button type="button" onClick={() => navigate('#/account')}>
        Open the account page
      </button>
    </section>
  );
}

/** A list page showing the filter the address gave it. */
const listStandIn = (title: string) =>
  function ListStandIn({ query }: ConsolePageProps & { query: string }) {
    return (
      <section>
        <h1 tabIndex={-1}>{title}</h1>
        <p>Filter: {query === '' ? 'none' : query}</p>
      </section>
    );
  };

const HASHES = ['#/', '#/messages', '#/messages?state=spam', '#/messages/12', '#/subscribers?status=pending', '#/subscribers/7', '#/clicks?days=90', '#/people', '#/audit', '#/privacy', '#/media', '#/backups', '#/account', '#/content', '#/content/hero', '#/content/faq/revisions', '#/content/add-project', '#/content/search?text=Midrand', '#/content/hero?field=heading', '#/content/nosuch', '#/enrol/tok_123', '#/nowhere'];
const heading = () => screen.getByRole('heading', { level: 1 });

/** The page is shown (the session is read first) with the focus on its h1 after a change. */
async function shows(title: string, focused: boolean) {
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  if (focused) expect(document.activeElement).toBe(heading());
}

const states: ModelConfig<typeof consoleRouteMachine>['states'] = {
  dashboard: async ({ snapshot }) => {
    await shows('Dashboard', snapshot.context.hash !== '');
    expect(document.title).toBe('Dashboard — Console — Lumina Display Engineering');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // navigate() changed the address; the hashchange brings the account page.
    if (snapshot.context.hash === '') expect(['', '#/account']).toContain(window.location.hash);
  },
  inbox: async ({ snapshot }) => {
    await shows('Inbox', true);
    expect(document.title).toBe('Inbox — Console — Lumina Display Engineering');
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(snapshot.context.query).toBe(snapshot.context.hash === '#/messages?state=spam' ? 'state=spam' : '');
  },
  message: async ({ snapshot }) => {
    await shows('Message 12', true);
    expect(snapshot.context.messageId).toBe(12);
    expect(document.title).toBe(`${PAGE_TITLES.message} — Console — Lumina Display Engineering`);
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
  },
  subscribers: async ({ snapshot }) => {
    await shows('Subscribers', true);
    expect(snapshot.context.query).toBe('status=pending');
    expect(screen.getByText('Filter: status=pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribers' })).toHaveAttribute('aria-current', 'page');
  },
  subscriber: async ({ snapshot }) => {
    await shows('Subscriber 7', true);
    expect(snapshot.context.subscriberId).toBe(7);
    expect(document.title).toBe('Subscriber — Console — Lumina Display Engineering');
    expect(screen.getByRole('link', { name: 'Subscribers' })).toHaveAttribute('aria-current', 'page');
  },
  clicks: async ({ snapshot }) => {
    await shows('Link clicks', true);
    expect(screen.getByText('Filter: days=90')).toBeInTheDocument();
    expect(snapshot.context.query).toBe('days=90');
    expect(screen.getByRole('link', { name: 'Link clicks' })).toHaveAttribute('aria-current', 'page');
  },
  people: async () => {
    await shows('People', true);
    expect(screen.getByText(OWNER_ONLY_TEXT.people!)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'People' })).toBeNull();
  },
  audit: async () => {
    await shows('Audit log', true);
    expect(screen.getByText(OWNER_ONLY_TEXT.audit!)).toBeInTheDocument();
  },
  privacy: async () => {
    await shows('Privacy requests', true);
    expect(document.title).toBe('Privacy requests — Console — Lumina Display Engineering');
    // Staff see why, and no navigation item for it.
    expect(screen.getByText(OWNER_ONLY_TEXT.privacy!)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Privacy requests' })).toBeNull();
  },
  media: async () => {
    await shows('Pictures', true);
    expect(document.title).toBe('Pictures — Console — Lumina Display Engineering');
    // Staff may open it (uploading is the page's own question).
    expect(screen.getByRole('link', { name: 'Pictures' })).toHaveAttribute('aria-current', 'page');
  },
  backups: async () => {
    await shows('Backups', true);
    expect(document.title).toBe('Backups — Console — Lumina Display Engineering');
    // Staff see why, and no navigation item for it.
    expect(screen.getByText(OWNER_ONLY_TEXT.backups!)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Backups' })).toBeNull();
  },
  account: async () => {
    await shows('Your account', true);
    expect(document.title).toBe('Account — Console — Lumina Display Engineering');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  },
  content: async () => {
    await shows('Site content', true);
    expect(document.title).toBe('Site content — Console — Lumina Display Engineering');
    expect(screen.getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');
  },
  contentDocument: async ({ snapshot }) => {
    await shows('Edit hero', true);
    expect(snapshot.context.documentName).toBe('hero');
    // Find and replace links to the editor at one field: the page is given it.
    expect(snapshot.context.query).toBe(snapshot.context.hash.includes('?') ? 'field=heading' : '');
    expect(screen.getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');
  },
  contentRevisions: async ({ snapshot }) => {
    await shows('Revisions of faq', true);
    expect(snapshot.context.documentName).toBe('faq');
    expect(document.title).toBe('Content revisions — Console — Lumina Display Engineering');
  },
  contentSearch: async ({ snapshot }) => {
    await shows('Find and replace', true);
    expect(snapshot.context.query).toBe('text=Midrand');
    expect(screen.getByText('Filter: text=Midrand')).toBeInTheDocument();
    expect(document.title).toBe('Find and replace — Console — Lumina Display Engineering');
    expect(screen.getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');
  },
  addProject: async () => {
    await shows('Add a project', true);
    expect(document.title).toBe('Add a project — Console — Lumina Display Engineering');
    expect(screen.getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');
  },
  enrolment: async ({ snapshot }) => {
    await shows('Create your passkey', true);
    expect(snapshot.context.token).toBe('tok_123');
  },
  notFound: async () => {
    await shows('Page not found', true);
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '#/');
  },
};

const render: ModelConfig<typeof consoleRouteMachine>['render'] = ({ logic, inspect }) => (
  <ConsoleApp siteName={company.name} api={createConsoleApi()} logic={signedInAsStaff} routeLogic={logic} inspectRoute={inspect} pages={{ dashboard: DashboardStandIn, inbox: InboxStandIn, message: MessageStandIn, subscribers: listStandIn('Subscribers'), subscriber: SubscriberStandIn, clicks: listStandIn('Link clicks'), media: MediaStandIn, content: ContentStandIn, contentDocument: documentStandIn('Edit'), contentRevisions: documentStandIn('Revisions of'), addProject: AddProjectStandIn, contentSearch: listStandIn('Find and replace') }} />
);
const fakes = { followHash: () => fakeCallbackActor() };

describeModel({
  machine: consoleRouteMachine,
  input: { hash: '' },
  eventSamples: [...HASHES.map((hash) => ({ type: 'route.change' as const, hash })), { type: 'route.go', hash: '#/account' }],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, hash: snapshot.context.hash }),
  // From the dashboard anywhere, from anywhere back to the dashboard: every edge, short paths.
  filterEvents: (snapshot, event) => {
    if (event.type === 'route.go') return snapshot.matches('dashboard') && snapshot.context.hash === '';
    return snapshot.matches('dashboard') ? event.hash !== snapshot.context.hash : event.hash === '#/';
  },
  fakes,
  setup: () => {
    window.location.hash = '';
  },
  render,
  events: {
    'route.change': async ({ event, fakes: running }) => {
      const actor = (running.followHash as FakeCallbackActor).running!;
      await screen.findByRole('navigation', { name: 'Console' });
      await act(async () => actor.sendBack(event));
    },
    'route.go': async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Open the account page' }));
    },
  },
  states,
});

// Opened at a page's address (a bookmark, an enrolment link): that page straight away.
for (const hash of ['#/messages?state=spam', '#/messages/12', '#/subscribers?status=pending', '#/subscribers/7', '#/clicks?days=90', '#/people', '#/audit', '#/privacy', '#/media', '#/backups', '#/account', '#/content', '#/content/hero', '#/content/faq/revisions', '#/content/add-project', '#/content/search?text=Midrand', '#/content/hero?field=heading', '#/enrol/tok_123', '#/nowhere']) {
  describeModel({
    machine: consoleRouteMachine,
    variant: `opened at ${hash}`,
    input: { hash },
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, hash: snapshot.context.hash }),
    filterEvents: () => false,
    fakes,
    setup: () => {
      window.location.hash = hash;
    },
    render,
    states: { ...states, inbox: async () => shows('Inbox', false), subscribers: async () => shows('Subscribers', false), subscriber: async () => shows('Subscriber 7', false), clicks: async () => shows('Link clicks', false), message: async () => shows('Message 12', false), people: async () => shows('People', false), audit: async () => shows('Audit log', false), privacy: async () => shows('Privacy requests', false), media: async () => shows('Pictures', false), backups: async () => shows('Backups', false), account: async () => shows('Your account', false), content: async () => shows('Site content', false), contentDocument: async () => shows('Edit hero', false), contentRevisions: async () => shows('Revisions of faq', false), addProject: async () => shows('Add a project', false), contentSearch: async () => shows('Find and replace', false), enrolment: async () => shows('Create your passkey', false), notFound: async () => shows('Page not found', false) },
  });
}
