import { describe, expect, it } from 'vitest';
import { numeric } from '../../../../../src/validation/sidebar-form/rules/numeric.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => numeric(value, params, values);

describe('numeric', () => {
  it.each([['7'], ['-2.5'], ['+3'], ['.5'], ['12.'], [''], [' 42 ']])('accepts %j', (value) => expect(check(value)).toBe(true));
  it.each([['abc'], ['0x1f'], ['1e3'], ['Infinity'], ['1 2'], ['+27 82 123 4567'], ['-']])('refuses %j', (value) => expect(check(value)).toBe(false));
});
