import { describe, expect, it } from 'vitest';
import { matches } from '../../../../../src/validation/sidebar-form/rules/matches.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => matches(value, params, values);

describe('matches', () => {
  it('accepts the same text as the other field', () => expect(check('a@example.com', ['email'], { email: 'a@example.com' })).toBe(true));
  it('accepts two empty fields', () => expect(check('', ['email'], {})).toBe(true));
  it.each([['b@example.com'], ['']])('refuses %j when the other field holds a@example.com', (value) => expect(check(value, ['email'], { email: 'a@example.com' })).toBe(false));
});
