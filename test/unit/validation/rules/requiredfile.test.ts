import { describe, expect, it } from 'vitest';
import { requiredfile } from '../../../../src/validation/rules/requiredfile.ts';
import { fileOf, passes } from '../rule-harness.ts';

describe('requiredfile', () => {
  it.each([[[fileOf('brief.pdf')]], [[fileOf('empty.txt', 0)]], [['x', fileOf('a.png')]]])('accepts %j', (values) => {
    expect(passes(requiredfile, {}, values)).toBe(true);
  });
  it.each([[[]], [['brief.pdf']], [[new File([], '')]]])('refuses %j', (values) => {
    expect(passes(requiredfile, {}, values)).toBe(false);
  });
});
