import { describe, expect, it } from 'vitest';
import { less } from '../../../../../src/validation/sidebar-form/rules/less.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => less(value, params, values);

describe('less', () => {
  it.each([['4'], ['-1'], ['4.99'], ['']])('less[5] accepts %j', (value) => expect(check(value, ['5'])).toBe(true));
  it.each([['5'], ['6'], ['abc'], ['0x1']])('less[5] refuses %j', (value) => expect(check(value, ['5'])).toBe(false));
  it('refuses any value when the bound is not a number', () => expect(check('1', ['n'])).toBe(false));
});
