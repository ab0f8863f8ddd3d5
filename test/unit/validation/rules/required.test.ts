import { describe, expect, it } from 'vitest';
import { required } from '../../../../src/validation/rules/required.ts';
import { fileOf, passes } from '../rule-harness.ts';

describe('required', () => {
  it.each([[['a']], [['0']], [[' x ']], [['', 'b']], [[fileOf('a.pdf')]]])('accepts %j', (values) => {
    expect(passes(required, {}, values)).toBe(true);
  });
  it.each([[[]], [['']], [['   ']], [['\n\t']], [['', '']], [[new File([], '')]]])('refuses %j', (values) => {
    expect(passes(required, {}, values)).toBe(false);
  });
  it('counts a ticked box posted as name[]', () => {
    expect(passes(required, {}, ['Yes'], 'your-field[]')).toBe(true);
  });
});
