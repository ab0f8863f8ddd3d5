// textSlider, walked through the real <TextSlider /> view along every edge of the production
// machine's graph. The motion preference comes from a fake reducedMotion actor (the real one is
// unit-tested); clicks, hover and focus go through the page.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { home } from '../../support/site-content.ts';
import { textSliderMachine } from '../../../src/machines/media/text-slider.machine.ts';
import { TEXT_SLIDER_INTERVAL_MS } from '../../../src/machines/shared/theme.constants.ts';
import { TextSlider, type TextSlide } from '../../../src/views/media/text-slider.view.tsx';
import { describeModel, fakeCallbackActor, type FakeCallbackActor } from '../harness/index.ts';

// Three slides: enough to tell "next" from "previous" and to see both wrap around.
const slides: TextSlide[] = [
  { quote: 'The wall went up over four nights.', name: 'Thandi', role: 'Centre Manager', organisation: 'Mall, Pretoria' },
  { quote: 'Cut over in one weekend.', name: 'Pieter', role: 'Operations Manager', organisation: 'Traffic centre, Cape Town' },
  { quote: 'Sixty-four stores, one schedule.', name: 'Ayesha', role: 'Head of Marketing', organisation: 'Pharmacy group, Durban' },
];
const LABEL = 'What our clients say';

type Snapshot = SnapshotFrom<typeof textSliderMachine>;
const motion = (fakes: Record<string, unknown>) => fakes.reducedMotion as FakeCallbackActor;
const carousel = () => screen.getByRole('group', { name: LABEL });
const button = (name: string) => screen.getByRole('button', { name });
const slidesRegion = (container: HTMLElement) => container.querySelector('.text-slider__slides') as HTMLElement;

/** What every slider state shows: the carousel, its arrows, "n of m" and exactly one reachable slide. */
function expectSliderOn(index: number, container: HTMLElement) {
  const group = carousel();
  expect(group).toHaveAttribute('aria-roledescription', 'carousel');
  expect(button('Previous slide')).toBeVisible();
  expect(button('Next slide')).toBeVisible();
  expect(group.querySelector('.text-slider__position')).toHaveTextContent(`${index + 1} of ${slides.length}`);
  const all = [...container.querySelectorAll('[aria-roledescription="slide"]')];
  expect(all).toHaveLength(slides.length);
  all.forEach((slide, position) => {
    expect(slide).toHaveAttribute('aria-label', `${position + 1} of ${slides.length}`);
    if (position === index) {
      expect(slide).not.toHaveAttribute('inert');
      expect(slide).toHaveClass('is-current');
    } else {
      expect(slide).toHaveAttribute('inert');
      expect(slide).not.toHaveClass('is-current');
    }
  });
  expect(within(all[index] as HTMLElement).getByText(slides[index]?.quote ?? '')).toBeInTheDocument();
  expect(screen.queryByRole('list')).toBeNull();
}

/** A state that must not move by itself: a whole interval later the same slide is on show. */
async function expectNoAutoplay(index: number, container: HTMLElement) {
  await act(() => vi.advanceTimersByTimeAsync(TEXT_SLIDER_INTERVAL_MS + 500));
  expect(container.querySelector('.is-current')).toHaveAttribute('aria-label', `${index + 1} of ${slides.length}`);
}

describeModel({
  machine: textSliderMachine,
  input: { count: slides.length },
  serializeState: (snapshot: Snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      index: snapshot.context.index,
      hovered: snapshot.context.hovered,
      focused: snapshot.context.focused,
    }),
  // The page cannot enter what it is already in, or leave what it is not in.
  filterEvents: (snapshot: Snapshot, event) => {
    if (event.type === 'pointer.enter') return !snapshot.context.hovered;
    if (event.type === 'pointer.leave') return snapshot.context.hovered;
    if (event.type === 'focus.enter') return !snapshot.context.focused;
    if (event.type === 'focus.leave') return snapshot.context.focused;
    return true;
  },
  fakes: { reducedMotion: () => fakeCallbackActor() },
  render: (props) => (
    <>
      <TextSlider slides={slides} label={LABEL} controls={home.testimonials.controls} {...props} />
      <button type="button">Outside</button>
    </>
  ),
  events: {
    'motion.allow': ({ fakes }) => act(() => motion(fakes).running?.sendBack({ type: 'motion.allow' })),
    'motion.reduce': ({ fakes }) => act(() => motion(fakes).running?.sendBack({ type: 'motion.reduce' })),
    // Plain clicks (as a screen reader's activation): no hover or focus, which are steps of their own.
    'slide.next': () => {
      fireEvent.click(button('Next slide'));
    },
    'slide.previous': () => {
      fireEvent.click(button('Previous slide'));
    },
    'rotation.pause': () => {
      fireEvent.click(button('Stop automatic slide show'));
    },
    'rotation.play': () => {
      fireEvent.click(button('Start automatic slide show'));
    },
    'pointer.enter': ({ user }) => user.hover(carousel()),
    'pointer.leave': ({ user }) => user.unhover(carousel()),
    // From outside: after the play button released the focus hold, focus may still be inside.
    'focus.enter': () =>
      act(() => {
        button('Outside').focus();
        button('Next slide').focus();
      }),
    'focus.leave': () => act(() => button('Outside').focus()),
  },
  states: {
    listing: async ({ fakes, container }) => {
      // The prerendered page: every quote in a list, no controls, nothing rotating.
      expect(screen.getAllByRole('listitem')).toHaveLength(slides.length);
      for (const slide of slides) expect(screen.getByText(slide.quote)).toBeVisible();
      expect(screen.queryByRole('button', { name: /slide/ })).toBeNull();
      expect(screen.queryByRole('group', { name: LABEL })).toBeNull();
      expect(motion(fakes).running).toBeDefined();
      await act(() => vi.advanceTimersByTimeAsync(TEXT_SLIDER_INTERVAL_MS + 500));
      expect(screen.getAllByRole('listitem')).toHaveLength(slides.length);
      expect(container.querySelector('.text-slider')).toHaveAttribute('data-state', 'listing');
    },
    'slider.rotating.playing': ({ snapshot, container }) => {
      expectSliderOn(snapshot.context.index, container);
      expect(button('Stop automatic slide show')).toBeVisible();
      expect(slidesRegion(container)).toHaveAttribute('aria-live', 'off');
      expect(carousel()).toHaveClass('is-fading');
    },
    'slider.rotating.held': async ({ snapshot, container }) => {
      expectSliderOn(snapshot.context.index, container);
      expect(button('Stop automatic slide show')).toBeVisible();
      expect(slidesRegion(container)).toHaveAttribute('aria-live', 'polite');
      await expectNoAutoplay(snapshot.context.index, container);
    },
    'slider.rotating.stopped': async ({ snapshot, container }) => {
      expectSliderOn(snapshot.context.index, container);
      expect(button('Start automatic slide show')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Stop automatic slide show' })).toBeNull();
      expect(slidesRegion(container)).toHaveAttribute('aria-live', 'polite');
      await expectNoAutoplay(snapshot.context.index, container);
    },
    'slider.still': async ({ snapshot, container }) => {
      expectSliderOn(snapshot.context.index, container);
      // Reduced motion: no rotation to control, no fade, nothing moves by itself.
      expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
      expect(carousel()).toHaveClass('is-still');
      expect(slidesRegion(container)).toHaveAttribute('aria-live', 'polite');
      await expectNoAutoplay(snapshot.context.index, container);
    },
  },
});
