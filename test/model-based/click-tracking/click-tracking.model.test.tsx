// clickTracking, walked through the real <ClickTracking> along every edge of the production
// machine's graph, with the real document listener: a click on a real link sends a real beacon
// (navigator.sendBeacon is a spy jsdom lacks), the page's idle moment and the two requests for
// counts are fakes the steps settle. Four variants: the site as configured seen by a signed-in
// console user, the pro beacon's switch on, a visitor whose browser sends Global Privacy Control,
// and an anonymous visitor (no console presence mark in the tab: counts are never asked for). A
// counts request the server refuses for want of a console session clears the tab's mark.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi, type Mock } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { clickTrackingMachine } from '../../../src/machines/click-tracking/click-tracking.machine.ts';
import type { LinkCountsInput } from '../../../src/services/click-tracking/link-counts.actor.ts';
import type { LinkCount } from '../../../src/services/click-tracking/track-the-click-api.client.ts';
import { isConsoleSignedIn, markConsolePresence } from '../../../src/services/shared/console-presence.service.ts';
import ClickTracking from '../../../src/views/click-tracking/click-tracking.view.tsx';
import { describeModel, fakeCallbackActor, fakePromiseActor, type FakeCallbackActor, type FakePromiseActor, type ModelConfig, type StepExecutor } from '../harness/index.ts';

const PARTNER = 'https://partner.example/catalogue';
const COUNTS: LinkCount[] = [
  { target: PARTNER, anchor: 'Partner catalogue', clicks: 3 },
  { target: 'http://localhost:3000/#projects', anchor: 'Old projects link', clicks: 9 },
  { target: 'http://localhost:3000/#faq', anchor: 'Questions', clicks: 0 },
];
const POST_ID = 7;

const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
let sendBeacon: Mock<(url: string, data: FormData) => boolean>;

function setup(privacySignal: boolean, consoleSignedIn: boolean) {
  return () => {
    sessionStorage.clear();
    if (consoleSignedIn) markConsolePresence();
    sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: privacySignal, configurable: true });
  };
}

const partnerLink = () => screen.getByRole('link', { name: 'Partner catalogue' });
const projectsLink = () => screen.getByRole('link', { name: 'Projects' });
const faqLink = () => screen.getByRole('link', { name: 'Questions' });

/** A page with links; following them goes nowhere in jsdom (it cannot navigate). */
function Page() {
  return (
    <nav onClick={(event) => event.preventDefault()}>
      <a href={PARTNER}>Partner catalogue</a>
      <a href="/#projects">Projects</a>
      <a href="/#faq">Questions</a>
      <a className="no-ttc" href="/#contact">
        Untracked
      </a>
    </nav>
  );
}

const fake = <T,>(fakes: Record<string, unknown>, src: string) => fakes[src] as T;
const from =
  (src: string): StepExecutor =>
  async ({ event, fakes }) => {
    const running = fake<FakeCallbackActor>(fakes, src).running;
    if (!running) throw new Error(`${src} is not running`);
    await act(async () => running.sendBack(event as EventObject));
  };

/** Clicking a link (tracked or not) sends nothing. */
async function expectNothingSent() {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  await user.click(partnerLink());
  await user.click(screen.getByRole('link', { name: 'Untracked' }));
  expect(sendBeacon).not.toHaveBeenCalled();
}

const expectNoCounts = () => {
  for (const link of screen.getAllByRole('link')) expect(link).not.toHaveAttribute('data-clicks');
};

const modelOf = (config: ModelConfig<typeof clickTrackingMachine>) => config;

const variants = [
  { variant: 'as configured', settings: { proBeacon: false, respectPrivacySignals: true }, privacySignal: false, consoleSignedIn: true },
  { variant: 'pro beacon', settings: { proBeacon: true, respectPrivacySignals: true }, privacySignal: false, consoleSignedIn: true },
  { variant: 'Global Privacy Control', settings: { proBeacon: false, respectPrivacySignals: true }, privacySignal: true, consoleSignedIn: true },
  { variant: 'anonymous visitor', settings: { proBeacon: false, respectPrivacySignals: true }, privacySignal: false, consoleSignedIn: false },
];

for (const { variant, settings, privacySignal, consoleSignedIn } of variants) {
  describeModel(
    modelOf({
      machine: clickTrackingMachine,
      variant,
      input: { postId: POST_ID, ...settings, privacySignal, consoleSignedIn },
      eventSamples: [
        { type: 'link.followed', link: { target: PARTNER, anchor: 'Partner catalogue' }, location: 'http://localhost:3000/' },
        { type: 'xstate.done.actor.countsSwitch', output: true },
        { type: 'xstate.done.actor.countsSwitch', output: false },
        { type: 'xstate.error.actor.countsSwitch', error: new Error('HTTP 503') },
        { type: 'xstate.done.actor.linkCounts', output: COUNTS },
        { type: 'xstate.done.actor.linkCounts', output: null },
        { type: 'xstate.error.actor.linkCounts', error: new Error('HTTP 403 rest_cookie_invalid_nonce') },
      ],
      // The cachebreak only grows: what a visitor can tell apart is the state and the counts.
      serializeState: (snapshot: SnapshotFrom<typeof clickTrackingMachine>) => JSON.stringify([snapshot.value, snapshot.context.counts]),
      fakes: {
        pageIdle: () => fakeCallbackActor(),
        countsSwitch: () => fakePromiseActor(),
        linkCounts: () => fakePromiseActor(),
      },
      setup: setup(privacySignal, consoleSignedIn),
      render: ({ logic, inspect }) => (
        <>
          <Page />
          <ClickTracking postId={POST_ID} settings={settings} logic={logic} inspect={inspect} />
        </>
      ),
      events: {
        // A real click on a real link: the document's listener names it, the machine sends it.
        'link.followed': async ({ user, to }) => {
          sendBeacon.mockClear();
          await user.click(partnerLink());
          expect(sendBeacon).toHaveBeenCalledTimes(1);
          const [url, data] = sendBeacon.mock.calls[0]!;
          expect(url).toBe(`http://localhost:3000/wp-json/track-the-click/v3/click/${String(to.context.cachebreak)}`);
          expect(Object.fromEntries(data.entries())).toEqual({ postID: String(POST_ID), location: window.location.href, anchor: 'Partner catalogue', target: PARTNER });
          // An untracked link sends nothing.
          await user.click(screen.getByRole('link', { name: 'Untracked' }));
          expect(sendBeacon).toHaveBeenCalledTimes(1);
        },
        'page.idle': from('pageIdle'),
      },
      states: {
        'beacon.listening': ({ snapshot }) => {
          // Only a visitor without a privacy signal, on a site without the pro beacon, is tracked.
          expect(settings.proBeacon).toBe(false);
          expect(privacySignal && settings.respectPrivacySignals).toBe(false);
          expect(snapshot.hasTag('tracking')).toBe(true);
        },
        'beacon.off': async () => {
          expect(settings.proBeacon).toBe(true);
          await expectNothingSent();
        },
        'beacon.declined': async () => {
          expect(privacySignal).toBe(true);
          await expectNothingSent();
        },
        'counts.anonymous': ({ fakes }) => {
          expect(consoleSignedIn).toBe(false);
          // Nothing is waited for or asked: no idle watch, no switch, no counts request.
          expect(fake<FakeCallbackActor>(fakes, 'pageIdle').running).toBeUndefined();
          expect(fake<FakePromiseActor>(fakes, 'countsSwitch').instances).toHaveLength(0);
          expect(fake<FakePromiseActor>(fakes, 'linkCounts').instances).toHaveLength(0);
          expectNoCounts();
        },
        'counts.waiting': ({ fakes }) => {
          expect(consoleSignedIn).toBe(true);
          expect(fake<FakeCallbackActor>(fakes, 'pageIdle').running).toBeDefined();
          expect(fake<FakePromiseActor>(fakes, 'countsSwitch').instances).toHaveLength(0);
          expectNoCounts();
        },
        'counts.checking': ({ fakes }) => {
          expect(fake<FakePromiseActor>(fakes, 'countsSwitch').pending).toBeDefined();
          expectNoCounts();
        },
        'counts.loading': ({ fakes, snapshot }) => {
          const pending = fake<FakePromiseActor<LinkCount[], LinkCountsInput>>(fakes, 'linkCounts').pending;
          expect(pending?.input.postId).toBe(POST_ID);
          // The counter moved for this request; beacons since then moved it further.
          expect(pending?.input.cachebreak).toBeGreaterThan(0);
          expect(pending?.input.cachebreak).toBeLessThanOrEqual(snapshot.context.cachebreak);
          expectNoCounts();
        },
        'counts.shown': () => {
          expect(isConsoleSignedIn()).toBe(true);
          expect(partnerLink()).toHaveAttribute('data-clicks', '3');
          expect(partnerLink()).toHaveAttribute('title', 'Followed 3 times');
          // Same URL, another anchor: another link. A count of 0 shows nothing.
          expect(projectsLink()).not.toHaveAttribute('data-clicks');
          expect(faqLink()).not.toHaveAttribute('data-clicks');
        },
        'counts.off': () => expectNoCounts(),
        'counts.signedOut': () => {
          // The console session behind the mark has ended: the tab forgets it, nothing is shown.
          expect(isConsoleSignedIn()).toBe(false);
          expectNoCounts();
        },
        'counts.failed': () => {
          expect(consoleWarn).toHaveBeenCalled();
          expectNoCounts();
        },
      },
    }),
  );
}
