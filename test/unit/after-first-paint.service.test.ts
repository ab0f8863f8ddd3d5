import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '../../src/services/after-first-paint.service.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('afterFirstPaint', () => {
  it('resolves in the task after the next animation frame, not before', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    let done = false;
    const painted = afterFirstPaint().then(() => (done = true));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false); // no frame yet: a page not shown loads nothing
    expect(frames).toHaveLength(1);

    frames[0]?.(performance.now());
    await Promise.resolve();
    expect(done).toBe(false); // the paint comes after the frame's callbacks
    await painted;
    expect(done).toBe(true);
  });
});
