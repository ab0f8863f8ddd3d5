// stickyHeader, walked through the real <StickyHeader> view along every edge of the production
// machine's graph, once per variant (ordinary and auto-show).
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { stickyHeaderMachine } from '../../../src/machines/theme/sticky-header.machine.ts';
import {
  HEADER_AUTO_SHOW_THRESHOLD_PX,
  HEADER_SHRINK_MIN_WIDTH_PX,
  HEADER_SHRINK_THRESHOLD_PX,
} from '../../../src/machines/shared/theme.constants.ts';
import { StickyHeader } from '../../../src/views/theme/sticky-header.view.tsx';
import { describeModel, isViewportChange, setViewport, viewportSteps } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof stickyHeaderMachine>;

/** What the header can tell apart: which side of each threshold the page is on. */
function scrollBand(scrollY: number) {
  if (scrollY <= HEADER_AUTO_SHOW_THRESHOLD_PX) return 'top';
  if (scrollY <= HEADER_SHRINK_THRESHOLD_PX) return 'past-auto-show';
  return 'past-shrink';
}

const header = () => screen.getByRole('banner');
const menuLink = () => screen.getByRole('link', { name: 'Services' });

for (const autoShow of [false, true]) {
  describeModel({
    machine: stickyHeaderMachine,
    variant: autoShow ? 'auto-show' : 'ordinary',
    input: { autoShow },
    // One sample per band: top (≤ 50), between the thresholds (≤ 100), past both; narrow and wide.
    eventSamples: [
      { type: 'scroll.update', scrollY: 0 },
      { type: 'scroll.update', scrollY: (HEADER_AUTO_SHOW_THRESHOLD_PX + HEADER_SHRINK_THRESHOLD_PX) / 2 },
      { type: 'scroll.update', scrollY: HEADER_SHRINK_THRESHOLD_PX * 2 },
      { type: 'viewport.resize', width: HEADER_SHRINK_MIN_WIDTH_PX - 193 },
      { type: 'viewport.resize', width: HEADER_SHRINK_MIN_WIDTH_PX + 207 },
    ],
    serializeState: (snapshot: Snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        scroll: scrollBand(snapshot.context.scrollY),
        wide: snapshot.context.width >= HEADER_SHRINK_MIN_WIDTH_PX,
      }),
    filterEvents: isViewportChange,
    // A phone-sized window to start with: the machine assumes narrow (width 0) until told.
    setup: () => setViewport({ scrollY: 0, width: 375 }),
    render: (props) => (
      <StickyHeader autoShow={autoShow} {...props}>
        <nav aria-label="Main">
          <a href="#services">Services</a>
        </nav>
      </StickyHeader>
    ),
    events: viewportSteps,
    states: {
      'size.normal': () => {
        expect(header()).not.toHaveClass('is-smaller');
        expect(header().dataset.state?.split(' ')).toContain('size.normal');
      },
      'size.smaller': () => {
        expect(header()).toHaveClass('is-smaller');
        expect(header().dataset.state?.split(' ')).toContain('size.smaller');
      },
      'visibility.pinned': () => {
        expect(header()).toHaveClass('site-header', 'is-shown');
        expect(header()).not.toHaveClass('site-header--auto-show');
        expect(menuLink()).toBeVisible();
      },
      'visibility.hidden': () => {
        // Hidden by CSS (a transform, so nothing moves), only while scripts run; the menu stays
        // in the document and reachable by keyboard, which brings the header back.
        expect(header()).toHaveClass('site-header--auto-show');
        expect(header()).not.toHaveClass('is-shown');
        expect(header().dataset.state?.split(' ')).toContain('visibility.hidden');
        expect(menuLink()).toBeInTheDocument();
      },
      'visibility.shown': () => {
        expect(header()).toHaveClass('site-header--auto-show', 'is-shown');
        expect(header().dataset.state?.split(' ')).toContain('visibility.shown');
        expect(menuLink()).toBeVisible();
      },
    },
  });
}
