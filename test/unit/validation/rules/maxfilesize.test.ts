import { describe, expect, it } from 'vitest';
import { maxfilesize } from '../../../../src/validation/rules/maxfilesize.ts';
import { fileOf, passes } from '../rule-harness.ts';

const fiveMb = 5 * 1024 * 1024;

describe('maxfilesize', () => {
  it.each([[[fileOf('a.pdf', fiveMb)]], [[fileOf('a.pdf', 1)]], [[]], [['not a file']]])('threshold 5 MB accepts %#', (values) => {
    expect(passes(maxfilesize, { threshold: fiveMb }, values)).toBe(true);
  });
  it.each([[[fileOf('a.pdf', fiveMb + 1)]], [[fileOf('a.pdf', 3 * 1024 * 1024), fileOf('b.pdf', 3 * 1024 * 1024)]]])('threshold 5 MB refuses %#', (values) => {
    expect(passes(maxfilesize, { threshold: String(fiveMb) }, values)).toBe(false);
  });
});
