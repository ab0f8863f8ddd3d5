// The owner's console (README.md "The console"): the frame (skip link, header with the company,
// who is signed in and the navigation, the mail health banner's slot, the main landmark) around
// the page the hash names. The consoleSession machine says who is signed in; the consoleRoute
// machine which page is open. On every route change the focus goes to the page's h1 and the
// document's title follows the page.
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useMemo, useRef, type ComponentType, type MouseEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import { consoleRouteMachine } from '../../machines/console-access/console-route.machine.ts';
import { OWNER_PAGES, type ConsolePage } from '../../machines/console-access/console-routes.ts';
import { consoleSessionMachine } from '../../machines/console-access/console-session.machine.ts';
import type { signInMachine } from '../../machines/console-access/sign-in.machine.ts';
import { createConsoleApi, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { AccountPage } from '../console-access/account-page.view.tsx';
import { AuditPage } from '../console-access/audit-page.view.tsx';
import { EnrolmentPage } from '../console-access/enrolment-page.view.tsx';
import { PeoplePage } from '../console-access/people-page.view.tsx';
import type { PictureChoice, PictureChoiceProps } from '../shared/picture-choice.ts';
import { ROLE_NAMES } from '../console-access/role-names.ts';
import { SignInPage } from '../console-access/sign-in-page.view.tsx';
import { InboxPage } from '../inbox/inbox-page.view.tsx';
import { MailHealthBanner } from '../inbox/mail-health-banner.view.tsx';
import { InboxNavLink, InboxWatch, UnreadTitle } from '../inbox/inbox-watch.view.tsx';
import { MessagePage } from '../inbox/message-page.view.tsx';
import { ClicksPage } from '../click-tracking/clicks-page.view.tsx';
import type { DocumentName } from '../../../content/document-names.ts';
import { DashboardPage } from '../dashboard/dashboard-page.view.tsx';
import { CONSOLE_HASH } from '../../validation/console/console-hashes.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { ConsoleNavigation } from './console-navigation.view.tsx';
import { lazyConsolePage, PageLoading } from './lazy-console-page.tsx';
import { EmailAddress } from '../shared/email-address.view.tsx';
import '../shared/action-button.css';
import './console.css';

// The content editor's pages, the pictures' and the backups' load when first opened (lazy-console-page.tsx).
const MediaLibraryPage = lazyConsolePage(() => import('../media-library/media-library-page.view.tsx').then((module) => module.MediaLibraryPage));
const ImagePicker = lazyConsolePage(() => import('../media-library/image-picker.view.tsx').then((module) => module.ImagePicker));
const ContentDocumentsPage = lazyConsolePage(() => import('../content-editor/content-documents-page.view.tsx').then((module) => module.ContentDocumentsPage));
const ContentEditorPage = lazyConsolePage(() => import('../content-editor/content-editor-page.view.tsx').then((module) => module.ContentEditorPage));
const ContentRevisionsPage = lazyConsolePage(() => import('../content-editor/content-revisions-page.view.tsx').then((module) => module.ContentRevisionsPage));
const SubscribersPage = lazyConsolePage(() => import('../newsletter/subscribers-page.view.tsx').then((module) => module.SubscribersPage));
const SubscriberPage = lazyConsolePage(() => import('../newsletter/subscriber-page.view.tsx').then((module) => module.SubscriberPage));
const PrivacyRequestsPage = lazyConsolePage(() => import('../privacy/privacy-requests-page.view.tsx').then((module) => module.PrivacyRequestsPage));
const BackupsPage = lazyConsolePage(() => import('../backups/backups-page.view.tsx').then((module) => module.BackupsPage));
const ContentSearchPage = lazyConsolePage(() => import('../content-editor/content-search-page.view.tsx').then((module) => module.ContentSearchPage));
const AddProjectPage = lazyConsolePage(() => import('../content-editor/add-project-page.view.tsx').then((module) => module.AddProjectPage));

export interface ConsoleAppProps {
  /**
   * The company's name in the title and the header: the page's `<meta name="application-name">`
   * (admin/index.html); the console's JavaScript carries no content document.
   */
  siteName: string;
  api?: ConsoleApi;
  logic?: typeof consoleSessionMachine;
  routeLogic?: typeof consoleRouteMachine;
  inspect?: (event: InspectionEvent) => void;
  inspectRoute?: (event: InspectionEvent) => void;
  /** The sign-in page's machine (tests of the shell give it fake ceremonies). */
  signInLogic?: typeof signInMachine;
  /** Other pages in place of the features' (tests of the shell alone). */
  pages?: Partial<
    Record<'dashboard' | 'inbox' | 'people' | 'audit' | 'privacy' | 'media' | 'backups', ComponentType<ConsolePageProps>> &
      Record<'subscribers' | 'clicks' | 'contentSearch', ComponentType<ConsolePageProps & { query: string }>> & {
        message: ComponentType<ConsolePageProps & { messageId: number }>;
        subscriber: ComponentType<ConsolePageProps & { subscriberId: number }>;
        content: ComponentType<ConsolePageProps>;
        contentDocument: ComponentType<ConsolePageProps & { documentName: DocumentName; query: string; PictureChoice: PictureChoice }>;
        contentRevisions: ComponentType<ConsolePageProps & { documentName: DocumentName }>;
        addProject: ComponentType<ConsolePageProps & { PictureChoice: PictureChoice }>;
      }
  >;
}

/** Each page's name in the document title and the navigation. */
export const PAGE_TITLES: Record<ConsolePage, string> = {
  dashboard: 'Dashboard',
  inbox: 'Inbox',
  message: 'Message',
  subscribers: 'Subscribers',
  subscriber: 'Subscriber',
  clicks: 'Link clicks',
  people: 'People',
  audit: 'Audit log',
  privacy: 'Privacy requests',
  media: 'Pictures',
  backups: 'Backups',
  account: 'Account',
  content: 'Site content',
  contentDocument: 'Edit content',
  contentRevisions: 'Content revisions',
  addProject: 'Add a project',
  contentSearch: 'Find and replace',
  enrolment: 'Create your passkey',
  notFound: 'Page not found',
};

export const OWNER_ONLY_TEXT: Partial<Record<ConsolePage, string>> = {
  people: 'Only an owner can manage people.',
  audit: 'Only an owner can read the audit log.',
  privacy: 'Only an owner can answer privacy requests.',
  backups: 'Only an owner can see and take backups.',
};

const SIGNED_OUT_NOTICES: Record<string, string | null> = {
  arrived: null,
  ended: 'Your session has ended. Sign in again.',
  left: 'You have signed out.',
  leftEverywhere: 'You have signed out on every device.',
};

const NAVIGATION: ReadonlyArray<{ page: ConsolePage; href: string }> = [
  { page: 'dashboard', href: CONSOLE_HASH.dashboard },
  { page: 'inbox', href: CONSOLE_HASH.messages },
  { page: 'subscribers', href: CONSOLE_HASH.subscribers },
  { page: 'clicks', href: CONSOLE_HASH.clicks },
  { page: 'content', href: CONSOLE_HASH.content },
  { page: 'media', href: CONSOLE_HASH.media },
  { page: 'people', href: CONSOLE_HASH.people },
  { page: 'audit', href: CONSOLE_HASH.audit },
  { page: 'privacy', href: CONSOLE_HASH.privacy },
  { page: 'backups', href: CONSOLE_HASH.backups },
  { page: 'account', href: CONSOLE_HASH.account },
];

/** The navigation item a page belongs to: an item's own page is shown under its list. */
const SECTION_OF: Partial<Record<ConsolePage, ConsolePage>> = { message: 'inbox', subscriber: 'subscribers', contentDocument: 'content', contentRevisions: 'content', addProject: 'content', contentSearch: 'content' };

const pageOf = (value: unknown): ConsolePage => (typeof value === 'string' && value !== 'resolving' ? (value as ConsolePage) : 'dashboard');

export function ConsoleApp({ siteName, api: givenApi, logic = consoleSessionMachine, routeLogic = consoleRouteMachine, inspect, inspectRoute, signInLogic, pages = {} }: ConsoleAppProps) {
  const api = useMemo(() => givenApi ?? createConsoleApi(), [givenApi]);
  const sessionRef = useActorRef(logic, { inspect: inspectWith(inspect) });
  const routeRef = useActorRef(routeLogic, { input: { hash: typeof window === 'undefined' ? '' : window.location.hash }, inspect: inspectWith(inspectRoute) });
  const session = useSelector(sessionRef, (current) => current);
  const route = useSelector(routeRef, (current) => current);
  const mainRef = useRef<HTMLElement>(null);
  const {
    dashboard: Dashboard = DashboardPage,
    inbox: Inbox = InboxPage,
    message: Message = MessagePage,
    subscribers: Subscribers = SubscribersPage,
    subscriber: Subscriber = SubscriberPage,
    clicks: Clicks = ClicksPage,
    people: People = PeoplePage,
    audit: Audit = AuditPage,
    privacy: Privacy = PrivacyRequestsPage,
    media: Media = MediaLibraryPage,
    backups: BackupsView = BackupsPage,
    content: Content = ContentDocumentsPage,
    contentDocument: ContentDocument = ContentEditorPage,
    contentRevisions: ContentRevisions = ContentRevisionsPage,
    addProject: AddProject = AddProjectPage,
    contentSearch: ContentSearch = ContentSearchPage,
  } = pages;

  const page = pageOf(route.value);
  const signedIn = session.matches('signedIn') && session.context.session !== null;
  const signedOutReason = session.matches('signedOut') ? ((session.value as { signedOut?: string }).signedOut ?? 'arrived') : null;
  const showsEnrolment = page === 'enrolment' && route.context.token !== null && (session.matches('signedOut') || signedIn);

  // The focus goes to the new page's h1 when the page or who is signed in changes (not on the
  // console's first paint: the sign-in field keeps its autofill).
  const focusKey = `${route.context.hash}|${signedIn ? 'in' : signedOutReason ?? 'checking'}`;
  const firstKey = useRef(focusKey);
  useEffect(() => {
    if (focusKey === firstKey.current) return;
    firstKey.current = '';
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [focusKey]);

  const onSessionEnded = useCallback(() => sessionRef.send({ type: 'session.ended' }), [sessionRef]);
  const onSignedIn = useCallback(() => sessionRef.send({ type: 'session.started' }), [sessionRef]);
  const onEnrolled = useCallback(() => {
    sessionRef.send({ type: 'session.started' });
    routeRef.send({ type: 'route.go', hash: CONSOLE_HASH.dashboard });
  }, [sessionRef, routeRef]);
  const navigate = useCallback((hash: string) => routeRef.send({ type: 'route.go', hash }), [routeRef]);
  // The content editor's picture fields: the media library's picker, bound to this API and session.
  const PictureChoice = useMemo<PictureChoice>(
    () =>
      function ConsolePictureChoice(props: PictureChoiceProps) {
        return <ImagePicker {...props} api={api} onSessionEnded={onSessionEnded} />;
      },
    [api, onSessionEnded],
  );

  let title: string;
  let content;
  if (showsEnrolment) {
    title = PAGE_TITLES.enrolment;
    content = <EnrolmentPage key={route.context.token} token={route.context.token ?? ''} onEnrolled={onEnrolled} />;
  } else if (session.matches('checking')) {
    title = 'Signing in';
    content = (
      <section className="console-page" aria-labelledby="console-page-title">
        <h1 id="console-page-title" tabIndex={-1}>
          Console
        </h1>
        <p className="console-status" role="status">
          Checking whether you are signed in…
        </p>
      </section>
    );
  } else if (session.matches('unreachable')) {
    title = 'Server unreachable';
    content = (
      <section className="console-page" aria-labelledby="console-page-title">
        <h1 id="console-page-title" tabIndex={-1}>
          The console cannot reach the server
        </h1>
        <p className="console-error" role="alert">
          The server could not be reached. Check your connection and try again.
        </p>
        <button type="button" className="action-button action-button--secondary" onClick={() => sessionRef.send({ type: 'session.retry' })}>
          Try again
        </button>
      </section>
    );
  } else if (!signedIn || session.context.session === null) {
    title = 'Sign in';
    content = <SignInPage notice={SIGNED_OUT_NOTICES[signedOutReason ?? 'arrived'] ?? null} onSignedIn={onSignedIn} {...(signInLogic ? { logic: signInLogic } : {})} />;
  } else {
    const props: ConsolePageProps = { session: session.context.session, api, onSessionEnded, navigate };
    const isOwner = props.session.person.role === 'owner';
    title = PAGE_TITLES[page];
    const ownerOnly = OWNER_PAGES.has(page) && !isOwner ? OWNER_ONLY_TEXT[page] : undefined;
    if (ownerOnly !== undefined) {
      content = (
        <section className="console-page" aria-labelledby="console-page-title">
          <h1 id="console-page-title" tabIndex={-1}>
            {PAGE_TITLES[page]}
          </h1>
          <p>{ownerOnly}</p>
        </section>
      );
    } else if (page === 'message' && route.context.messageId !== null) content = <Message key={route.context.messageId} {...props} messageId={route.context.messageId} />;
    else if (page === 'people') content = <People {...props} />;
    else if (page === 'audit') content = <Audit {...props} />;
    else if (page === 'privacy') content = <Privacy {...props} />;
    else if (page === 'media') content = <Media {...props} />;
    else if (page === 'backups') content = <BackupsView {...props} />;
    else if (page === 'account') content = <AccountPage {...props} onSignOutEverywhere={() => sessionRef.send({ type: 'session.signOutEverywhere' })} />;
    else if (page === 'subscriber' && route.context.subscriberId !== null) content = <Subscriber key={route.context.subscriberId} {...props} subscriberId={route.context.subscriberId} />;
    else if (page === 'inbox') content = <Inbox {...props} />;
    else if (page === 'subscribers') content = <Subscribers {...props} query={route.context.query} />;
    else if (page === 'clicks') content = <Clicks {...props} query={route.context.query} />;
    else if (page === 'dashboard') content = <Dashboard {...props} />;
    else if (page === 'content') content = <Content {...props} />;
    else if (page === 'contentDocument' && route.context.documentName !== null) content = <ContentDocument key={route.context.documentName} {...props} documentName={route.context.documentName} query={route.context.query} PictureChoice={PictureChoice} />;
    else if (page === 'addProject') content = <AddProject {...props} PictureChoice={PictureChoice} />;
    else if (page === 'contentSearch') content = <ContentSearch {...props} query={route.context.query} />;
    else if (page === 'contentRevisions' && route.context.documentName !== null) content = <ContentRevisions key={route.context.documentName} {...props} documentName={route.context.documentName} />;
    else {
      content = (
        <section className="console-page" aria-labelledby="console-page-title">
          <h1 id="console-page-title" tabIndex={-1}>
            Page not found
          </h1>
          <p>
            The console has no page at this address. <a href={CONSOLE_HASH.dashboard}>Go to the dashboard</a>.
          </p>
        </section>
      );
    }
  }

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // The hash is the console's route: the skip link moves the focus without changing it.
    event.preventDefault();
    mainRef.current?.focus();
  };
  const person = signedIn ? session.context.session?.person : undefined;
  const pageProps: ConsolePageProps | null = signedIn && session.context.session !== null ? { session: session.context.session, api, onSessionEnded, navigate } : null;

  const frame = (
    <>
      <UnreadTitle text={`${title} — Console — ${siteName}`} />
      <a className="console-skip-link" href="#console-main" onClick={skipToMain}>
        Skip to content
      </a>
      <header className="console-header">
        <p className="console-header__brand">
          {siteName} <span className="console-header__console">console</span>
        </p>
        {person !== undefined && (
          <>
            <p className="console-header__person">
              <EmailAddress className="console-header__email" address={person.email} /> <span className="console-header__role">{ROLE_NAMES[person.role]}</span>
            </p>
            <ConsoleNavigation>
              {/* In this tab: the pages opened from here show their links' click counts (README.md, "Click counts"). */}
              <p className="console-header__site">
                <a href="/">View the site</a>
              </p>
              <nav className="console-nav" aria-label="Console">
                <ul className="console-nav__list">
                  {NAVIGATION.filter((item) => person.role === 'owner' || !OWNER_PAGES.has(item.page)).map((item) => (
                    <li key={item.page}>
                      {item.page === 'inbox' ? (
                        <InboxNavLink className="console-nav__link" href={item.href} current={(SECTION_OF[page] ?? page) === item.page}>
                          {PAGE_TITLES[item.page]}
                        </InboxNavLink>
                      ) : (
                        <a className="console-nav__link" href={item.href} aria-current={(SECTION_OF[page] ?? page) === item.page ? 'page' : undefined}>
                          {PAGE_TITLES[item.page]}
                        </a>
                      )}
                    </li>
                  ))}
                  <li>
                    <button
                      type="button"
                      className="console-nav__link console-nav__sign-out"
                      disabled={!session.matches({ signedIn: 'active' })}
                      onClick={() => sessionRef.send({ type: 'session.signOut' })}
                    >
                      Sign out
                    </button>
                  </li>
                </ul>
              </nav>
            </ConsoleNavigation>
          </>
        )}
      </header>
      {pageProps !== null && <MailHealthBanner {...pageProps} />}
      {session.matches({ signedIn: { active: 'signOutFailed' } }) && (
        <p className="console-error console-banner" role="alert">
          Signing out did not work: the server could not be reached. Try again.
        </p>
      )}
      {(session.matches({ signedIn: 'signingOut' }) || session.matches({ signedIn: 'signingOutEverywhere' })) && (
        <p className="console-status console-banner" role="status">
          Signing out…
        </p>
      )}
      <main id="console-main" className="console-main" ref={mainRef} tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>{content}</Suspense>
      </main>
    </>
  );
  // Signed in: the inbox is watched for what is new (the navigation's count, the title's).
  return (
    <div className="console">
      {pageProps === null ? (
        frame
      ) : (
        <InboxWatch api={api} onSessionEnded={onSessionEnded} siteName={siteName} routeKey={route.context.hash}>
          {frame}
        </InboxWatch>
      )}
    </div>
  );
}
