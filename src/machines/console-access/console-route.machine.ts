// Where the console is: the page named by the address's hash (console-routes.ts), followed on
// every hashchange; `route.go` changes the hash (the pages' navigate()). Each change emits
// `route.entered` so the shell moves the focus to the new page's h1 and sets the title
// (README.md "The console").
import { assign, emit, setup } from 'xstate';
import { followHash } from '../../services/console-access/console-access.actors.ts';
import { parseConsoleHash, type ConsolePage, type ConsoleRoute } from './console-routes.ts';

export interface ConsoleRouteInput {
  /** The address's hash when the console starts. */
  hash: string;
}

/** The route's details (the page itself is the state) and the hash they were read from. */
export type ConsoleRouteContext = Omit<ConsoleRoute, 'page'> & { hash: string };

const routeContext = (hash: string): ConsoleRouteContext => {
  const { page: _page, ...details } = parseConsoleHash(hash);
  return { ...details, hash };
};

export type ConsoleRouteEvent = { type: 'route.change'; hash: string } | { type: 'route.go'; hash: string };

export const consoleRouteMachine = setup({
  types: {
    input: {} as ConsoleRouteInput,
    context: {} as ConsoleRouteContext,
    events: {} as ConsoleRouteEvent,
    emitted: {} as { type: 'route.entered' },
  },
  actors: { followHash },
  guards: {
    isPage: ({ event }, params: { page: ConsolePage }) => event.type === 'route.change' && parseConsoleHash(event.hash).page === params.page,
    isStartPage: ({ context }, params: { page: ConsolePage }) => parseConsoleHash(context.hash).page === params.page,
  },
  actions: {
    assignRoute: assign(({ event }) => routeContext(event.hash)),
    announceRoute: emit({ type: 'route.entered' } as const),
    setHash: ({ event }) => {
      window.location.hash = event.hash;
    },
  },
}).createMachine({
  id: 'consoleRoute',
  context: ({ input }) => routeContext(input.hash),
  invoke: { id: 'followHash', src: 'followHash' },
  initial: 'resolving',
  on: {
    'route.go': { actions: 'setHash' },
    'route.change': [
      { guard: { type: 'isPage', params: { page: 'dashboard' } }, target: '.dashboard', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'inbox' } }, target: '.inbox', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'message' } }, target: '.message', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'subscribers' } }, target: '.subscribers', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'subscriber' } }, target: '.subscriber', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'clicks' } }, target: '.clicks', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'people' } }, target: '.people', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'audit' } }, target: '.audit', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'privacy' } }, target: '.privacy', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'media' } }, target: '.media', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'backups' } }, target: '.backups', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'account' } }, target: '.account', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'content' } }, target: '.content', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'contentDocument' } }, target: '.contentDocument', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'contentRevisions' } }, target: '.contentRevisions', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'addProject' } }, target: '.addProject', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'contentSearch' } }, target: '.contentSearch', actions: ['assignRoute', 'announceRoute'] },
      { guard: { type: 'isPage', params: { page: 'enrolment' } }, target: '.enrolment', actions: ['assignRoute', 'announceRoute'] },
      { target: '.notFound', actions: ['assignRoute', 'announceRoute'] },
    ],
  },
  states: {
    /** The first address: straight on to its page. */
    resolving: {
      always: [
        { guard: { type: 'isStartPage', params: { page: 'dashboard' } }, target: 'dashboard' },
        { guard: { type: 'isStartPage', params: { page: 'inbox' } }, target: 'inbox' },
        { guard: { type: 'isStartPage', params: { page: 'message' } }, target: 'message' },
        { guard: { type: 'isStartPage', params: { page: 'subscribers' } }, target: 'subscribers' },
        { guard: { type: 'isStartPage', params: { page: 'subscriber' } }, target: 'subscriber' },
        { guard: { type: 'isStartPage', params: { page: 'clicks' } }, target: 'clicks' },
        { guard: { type: 'isStartPage', params: { page: 'people' } }, target: 'people' },
        { guard: { type: 'isStartPage', params: { page: 'audit' } }, target: 'audit' },
        { guard: { type: 'isStartPage', params: { page: 'privacy' } }, target: 'privacy' },
        { guard: { type: 'isStartPage', params: { page: 'media' } }, target: 'media' },
        { guard: { type: 'isStartPage', params: { page: 'backups' } }, target: 'backups' },
        { guard: { type: 'isStartPage', params: { page: 'account' } }, target: 'account' },
        { guard: { type: 'isStartPage', params: { page: 'content' } }, target: 'content' },
        { guard: { type: 'isStartPage', params: { page: 'contentDocument' } }, target: 'contentDocument' },
        { guard: { type: 'isStartPage', params: { page: 'contentRevisions' } }, target: 'contentRevisions' },
        { guard: { type: 'isStartPage', params: { page: 'addProject' } }, target: 'addProject' },
        { guard: { type: 'isStartPage', params: { page: 'contentSearch' } }, target: 'contentSearch' },
        { guard: { type: 'isStartPage', params: { page: 'enrolment' } }, target: 'enrolment' },
        { target: 'notFound' },
      ],
    },
    dashboard: {},
    inbox: {},
    message: {},
    subscribers: {},
    subscriber: {},
    clicks: {},
    people: {},
    audit: {},
    privacy: {},
    media: {},
    backups: {},
    account: {},
    content: {},
    contentDocument: {},
    contentRevisions: {},
    addProject: {},
    contentSearch: {},
    enrolment: {},
    notFound: {},
  },
});
