import { describe, expect, it } from 'vitest';
import { maxitems } from '../../../../src/validation/rules/maxitems.ts';
import { passes } from '../rule-harness.ts';

describe('maxitems', () => {
  it.each([[[]], [['a']], [['a', 'b']], [['a', 'b', '']]])('threshold 2 accepts %j', (values) => {
    expect(passes(maxitems, { threshold: 2 }, values, 'your-field[]')).toBe(true);
  });
  it.each([[['a', 'b', 'c']], [['a', 'a', 'a']]])('threshold 2 refuses %j', (values) => {
    expect(passes(maxitems, { threshold: '2' }, values, 'your-field[]')).toBe(false);
  });
  it('counts values posted under name[0], name[1]…', () => {
    const formData = [['a', 'your-field[0]'], ['b', 'your-field[1]']] as const;
    expect(formData.every(([value, name]) => passes(maxitems, { threshold: 1 }, [value], name))).toBe(true);
  });
});
