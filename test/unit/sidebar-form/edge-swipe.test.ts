// What a finished touch means for a panel on the right (or left) edge: open on a quick swipe in
// from the edge, close on a quick swipe back, nothing for slow, short or vertical moves.
import { describe, expect, it } from 'vitest';
import { classifySwipe, type TouchTrack } from '../../../src/services/sidebar-form/edge-swipe.service.ts';

const screen = { width: 375, side: 'right' as const };
const track = (startX: number, endX: number, ms = 200, dy = 0): TouchTrack => ({ startX, startY: 400, startTime: 1000, endX, endY: 400 + dy, endTime: 1000 + ms });

describe('classifySwipe', () => {
  it.each([
    ['in from the right edge', track(370, 250), 'open'],
    ['in from 30 px of the edge', track(345, 280), 'open'],
    ['back toward the right edge', track(100, 200), 'close'],
    ['in, but from the middle of the screen', track(200, 100), null],
    ['61 px is enough', track(370, 309), 'open'],
    ['60 px is not', track(370, 310), null],
    ['in 300 ms is too slow', track(370, 200, 300), null],
    ['more down than across', track(370, 250, 200, 130), null],
  ] as const)('a swipe %s: %s', (_name, swipe, expected) => {
    expect(classifySwipe(swipe, screen)).toBe(expected);
  });

  it('mirrors for a panel on the left', () => {
    expect(classifySwipe(track(5, 120), { width: 375, side: 'left' })).toBe('open');
    expect(classifySwipe(track(300, 200), { width: 375, side: 'left' })).toBe('close');
  });
});
