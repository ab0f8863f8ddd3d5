import { describe, expect, it } from 'vitest';
import { enumeration } from '../../../../src/validation/rules/enum.ts';
import { passes } from '../rule-harness.ts';

const accept = ['LED video walls', 'Digital signage', 1];

describe('enum', () => {
  it.each([[['LED video walls']], [['Digital signage', 'LED video walls']], [['1']], [[]]])('accepts %j', (values) => {
    expect(passes(enumeration, { accept }, values)).toBe(true);
  });
  it.each([[['led video walls']], [['Something else']], [['LED video walls', 'Hacked']], [['2']]])('refuses %j', (values) => {
    expect(passes(enumeration, { accept }, values)).toBe(false);
  });
  it('refuses every value when nothing is accepted', () => expect(passes(enumeration, {}, ['a'])).toBe(false));
});
