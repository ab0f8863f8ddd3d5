import { describe, expect, it } from 'vitest';
import { min } from '../../../../../src/validation/sidebar-form/rules/min.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => min(value, params, values);

describe('min', () => {
  it.each([['ab'], ['abc'], [''], ['  '], ['😀']])('min[2] accepts %j', (value) => expect(check(value, ['2'])).toBe(true));
  it.each([['a'], [' a ']])('min[2] refuses %j', (value) => expect(check(value, ['2'])).toBe(false));
});
