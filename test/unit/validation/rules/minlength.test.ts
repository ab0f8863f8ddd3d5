import { describe, expect, it } from 'vitest';
import { minlength } from '../../../../src/validation/rules/minlength.ts';
import { passes } from '../rule-harness.ts';

describe('minlength', () => {
  it.each([[['ab']], [['abc']], [['a', 'b']], [[]], [['']], [['ÿé']]])('threshold 2 accepts %j', (values) => {
    expect(passes(minlength, { threshold: 2 }, values)).toBe(true);
  });
  it.each([[['a']], [['a', '']]])('threshold 2 refuses %j', (values) => {
    expect(passes(minlength, { threshold: '2' }, values)).toBe(false);
  });
  it('counts UTF-16 code units, as swv and the browser: an emoji is 2', () => {
    expect(passes(minlength, { threshold: 2 }, ['😀'])).toBe(true);
  });
});
