import { describe, expect, it } from 'vitest';
import { answer } from '../../../../../src/validation/sidebar-form/rules/answer.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => answer(value, params, values);

describe('answer', () => {
  it.each([['7'], [' 7 '], ['07'], ['7.0'], ['']])('answer[7] accepts %j', (value) => expect(check(value, ['7'])).toBe(true));
  it.each([['8'], ['seven'], ['0x7'], ['-7']])('answer[7] refuses %j', (value) => expect(check(value, ['7'])).toBe(false));
  it('refuses every answer when no sum is known', () => expect(check('7', [])).toBe(false));
});
