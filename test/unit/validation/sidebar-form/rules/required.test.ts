import { describe, expect, it } from 'vitest';
import { required } from '../../../../../src/validation/sidebar-form/rules/required.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => required(value, params, values);

describe('required', () => {
  it.each([['a'], ['  x  '], [true], ['0']])('accepts %j', (value) => expect(check(value)).toBe(true));
  it.each([[''], ['   '], ['\n\t'], [false]])('refuses %j', (value) => expect(check(value)).toBe(false));
});
