import { describe, expect, it } from 'vitest';
import { minfilesize } from '../../../../src/validation/rules/minfilesize.ts';
import { fileOf, passes } from '../rule-harness.ts';

describe('minfilesize', () => {
  it.each([[[fileOf('a.pdf', 100)]], [[fileOf('a.pdf', 60), fileOf('b.pdf', 40)]], [[]], [[new File([], '')]]])('threshold 100 accepts %#', (values) => {
    expect(passes(minfilesize, { threshold: 100 }, values)).toBe(true);
  });
  it.each([[[fileOf('a.pdf', 99)]], [[fileOf('a.pdf', 0)]], [[fileOf('a.pdf', 50), fileOf('b.pdf', 49)]]])('threshold 100 refuses %#', (values) => {
    expect(passes(minfilesize, { threshold: '100' }, values)).toBe(false);
  });
});
