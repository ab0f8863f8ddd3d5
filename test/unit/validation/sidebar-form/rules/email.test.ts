import { describe, expect, it } from 'vitest';
import { email } from '../../../../../src/validation/sidebar-form/rules/email.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => email(value, params, values);

describe('email', () => {
  it.each([['anna@example.co.za'], ['a.b+c@mail.example.com'], ['']])('accepts %j', (value) => expect(check(value)).toBe(true));
  it.each([['anna'], ['anna@'], ['@example.com'], ['anna@example'], ['an na@example.com'], ['a@b@example.com'], ['<a@example.com>'], ['a@example.com, b@example.com'], ['x'.repeat(250) + '@example.com']])('refuses %j', (value) => expect(check(value)).toBe(false));
});
