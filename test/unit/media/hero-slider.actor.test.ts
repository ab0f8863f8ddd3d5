// The hero slider's source: the chunk loader reports what went wrong, and a limit error (a
// SliderLimitError, or any error carrying HTTP status 429) is told apart from a breakage.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { isLimitError, LIMIT_ERROR_MESSAGE, loadHeroSlider, SliderLimitError } from '../../../src/services/media/hero-slider.actor.ts';

const load = (loader: () => Promise<{ default: unknown }>) =>
  toPromise(createActor(loadHeroSlider, { input: { load: loader as never } }).start());

describe('the hero slider source', () => {
  it('gives the chunk component', async () => {
    const Component = () => null;
    await expect(load(async () => ({ default: Component }))).resolves.toBe(Component);
  });

  it('reports a limit error as one, with the message the page logs', async () => {
    const error = await load(async () => {
      throw new SliderLimitError();
    }).catch((caught: unknown) => caught);
    expect(isLimitError(error)).toBe(true);
    expect((error as Error).message).toBe(LIMIT_ERROR_MESSAGE);
    expect(LIMIT_ERROR_MESSAGE).toBe('Limit exceed. Please try again later.');
  });

  it('tells a limit (HTTP 429, a LimitError by name) from a breakage', async () => {
    expect(isLimitError(Object.assign(new Error('Too Many Requests'), { status: 429 }))).toBe(true);
    expect(isLimitError({ name: 'SliderLimitError', message: 'from another realm' })).toBe(true);
    expect(isLimitError({ response: { status: 429 } })).toBe(true);
    expect(isLimitError(Object.assign(new Error('Bad Gateway'), { status: 502 }))).toBe(false);
    expect(isLimitError(new TypeError('Failed to fetch dynamically imported module'))).toBe(false);
    expect(isLimitError('limit')).toBe(false);
    const broken = await load(async () => ({ default: 'not a component' })).catch((caught: unknown) => caught);
    expect(isLimitError(broken)).toBe(false);
    expect((broken as Error).message).toMatch(/no default export component/);
  });
});
