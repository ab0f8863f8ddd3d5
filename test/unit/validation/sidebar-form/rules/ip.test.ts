import { describe, expect, it } from 'vitest';
import { ip } from '../../../../../src/validation/sidebar-form/rules/ip.ts';
import type { SidebarValue, SidebarValues } from '../../../../../src/validation/sidebar-form/rule.ts';

const check = (value: SidebarValue, params: string[] = [], values: SidebarValues = {}) => ip(value, params, values);

describe('ip', () => {
  it.each([['192.168.0.1', []], ['0.0.0.0', ['4']], ['255.255.255.255', []], ['fe80:0:0:0:202:b3ff:fe1e:8329', ['6']], ['', []]] as Array<[string, string[]]>)('accepts %j %j', (value, params) => expect(check(value, params)).toBe(true));
  it.each([['256.1.1.1', []], ['1.2.3', []], ['1.2.3.4.5', []], ['a.b.c.d', []], ['1..3.4', []], ['fe80::1', ['6']], ['12345:0:0:0:0:0:0:1', ['6']], ['1.2.3.4', ['5']]] as Array<[string, string[]]>)('refuses %j %j', (value, params) => expect(check(value, params)).toBe(false));
});
