import { describe, expect, it } from 'vitest';
import { greater } from '../../../../../src/validation/sidebar-form/rules/greater.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => greater(value, params, values);

describe('greater', () => {
  it.each([['6'], ['5.01'], ['100'], ['']])('greater[5] accepts %j', (value) => expect(check(value, ['5'])).toBe(true));
  it.each([['5'], ['-6'], ['abc']])('greater[5] refuses %j', (value) => expect(check(value, ['5'])).toBe(false));
  it('refuses any value when the bound is not a number', () => expect(check('9', [''])).toBe(false));
});
