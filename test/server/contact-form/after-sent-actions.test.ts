// The redirect add-on's keys of a mail_sent answer, built from a form's actions: each action
// type's shape, conditions, and what a hostile visitor can and cannot do with the values they
// type (quotes, <script>, CR/LF, javascript: URLs, a field holding a whole URL).
import { describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../support/site-content.ts';
import type { FormAction } from '../../../content/structs/form-actions.struct.ts';
import { afterSentKeys, paypalAmount } from '../../../server/contact-form/after-sent-actions.ts';
import { everyFieldForm } from '../helpers/test-forms.ts';

const ORIGIN = 'https://www.example.co.za';
const log = { warn: vi.fn() };
const formWith = (actions: FormAction[], allowedHosts: string[] = ['crm.example.com']): FormDefinition => ({ ...everyFieldForm, actions, allowedHosts });
const HOSTILE = `"><script>alert(1)</script>\r\nSet-Cookie: x=1 javascript:alert(1) https://evil.example.net/`;

describe('the redirect add-on keys', () => {
  it('answers each action type as a list, in the add-on shape, in the form order', () => {
    const form = formWith([
      { type: 'FireScript', handler: 'gtag-conversion', delay: 250 },
      { type: 'popup', template: 'thank-you-popup', title: 'Thanks', text: 'We will call.', closeLabel: 'Close', link: { label: 'Projects', href: '/#projects' } },
      { type: 'redirect', url: '/thank-you/', delay: 2, open: 'redirect' },
      { type: 'redirect', url: 'https://crm.example.com/welcome', delay: 0, open: 'new_tab' },
      { type: 'redirect_to_paypal', business: 'pay@example.co.za', itemName: 'Site survey deposit', amount: 1500, currency: 'ZAR', delay: 500 },
    ]);
    expect(afterSentKeys(form, {}, ORIGIN, log)).toEqual({
      FireScript: [{ handler: 'gtag-conversion', delay_redirect: 250 }],
      popup: [
        {
          'popup-template':
            '<div class="wpcf7r-modal thank-you-popup" role="dialog" aria-modal="true" aria-label="Thanks"><h2>Thanks</h2><p>We will call.</p><p><a href="https://www.example.co.za/#projects">Projects</a></p><button type="button" class="close-button">Close</button></div>',
          'template-name': 'thank-you-popup',
          title: 'Thanks',
          text: 'We will call.',
          close_label: 'Close',
          link: { label: 'Projects', href: '/#projects' },
        },
      ],
      redirect: [
        { type: 'redirect', redirect_url: 'https://www.example.co.za/thank-you/', delay: 2 },
        { type: 'new_tab', redirect_url: 'https://crm.example.com/welcome', delay: 0 },
      ],
      redirect_to_paypal: [
        {
          redirect_url:
            'https://www.paypal.com/cgi-bin/webscr?cmd=_xclick&business=pay%40example.co.za&item_name=Site+survey+deposit&amount=1500.00&currency_code=ZAR&no_shipping=1&return=https%3A%2F%2Fwww.example.co.za%2Fthank-you%2F',
          delay: 500,
        },
      ],
    });
  });

  it('answers no key for a type with no action, and nothing for a form without actions', () => {
    expect(afterSentKeys(formWith([]), {}, ORIGIN, log)).toEqual({});
    expect(afterSentKeys({ ...everyFieldForm }, {}, ORIGIN, log)).toEqual({});
  });

  it('runs an action only when its condition holds (equals, contains; trimmed, any case)', () => {
    const form = formWith([
      { type: 'redirect', url: '/thank-you/', delay: 0, open: 'redirect', when: { field: 'service', equals: 'LED video walls' } },
      { type: 'FireScript', handler: 'data-layer-event', delay: 0, when: { field: 'notes', contains: 'urgent' } },
    ]);
    expect(afterSentKeys(form, { service: ' led video walls ', notes: 'Not much' }, ORIGIN, log)).toEqual({
      redirect: [{ type: 'redirect', redirect_url: 'https://www.example.co.za/thank-you/', delay: 0 }],
    });
    expect(afterSentKeys(form, { service: 'Signage', notes: 'This is URGENT, please' }, ORIGIN, log)).toEqual({
      FireScript: [{ handler: 'data-layer-event', delay_redirect: 0 }],
    });
  });

  it('puts a typed value only in the query, encoded, for the fields named: it never chooses the host or the scheme', () => {
    const form = formWith([{ type: 'redirect', url: 'https://crm.example.com/lead?src=site', delay: 0, open: 'redirect', query: [{ param: 'name', field: 'full-name' }] }]);
    const [entry] = afterSentKeys(form, { 'full-name': HOSTILE, email: 'x@example.com' }, ORIGIN, log).redirect ?? [];
    const url = new URL(entry!.redirect_url);
    expect(url.origin).toBe('https://crm.example.com');
    expect(url.pathname).toBe('/lead');
    expect(url.searchParams.get('src')).toBe('site');
    expect(url.searchParams.get('name')).toBe(HOSTILE.trim());
    expect(url.searchParams.has('email')).toBe(false);
    expect(entry!.redirect_url).not.toMatch(/[\r\n<>" ]/);
  });

  it('escapes every value of a hidden-form POST and gives the fields as data too', () => {
    const form = formWith([{ type: 'redirect', url: 'https://crm.example.com/lead', delay: 1, open: 'redirect', post: ['full-name', 'email'] }]);
    const [entry] = afterSentKeys(form, { 'full-name': HOSTILE, email: 'x@example.com' }, ORIGIN, log).redirect ?? [];
    expect(entry!.post_fields).toEqual([
      ['full-name', HOSTILE.trim()],
      ['email', 'x@example.com'],
    ]);
    expect(entry!.form).toContain('<form id="cf7r-result-form" class="wpcf7r-result-form" method="post" action="https://crm.example.com/lead" hidden>');
    expect(entry!.form).not.toContain('<script>');
    expect(entry!.form).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(entry!.form?.match(/<input /g)).toHaveLength(2);
  });

  it('leaves out a redirect whose host is not on the allow-list (a content mistake the build also refuses)', () => {
    const form = formWith([{ type: 'redirect', url: 'https://evil.example.net/', delay: 0, open: 'redirect' }]);
    expect(afterSentKeys(form, {}, ORIGIN, log)).toEqual({});
    expect(log.warn).toHaveBeenCalled();
  });

  it('takes a PayPal amount from a field only when it is a positive amount of money', () => {
    const form = formWith([{ type: 'redirect_to_paypal', business: 'pay@example.co.za', itemName: 'Deposit', itemNameField: 'notes', amountField: 'budget', currency: 'ZAR', delay: 0 }]);
    const url = (budget: string, notes = '') => afterSentKeys(form, { budget, notes }, ORIGIN, log).redirect_to_paypal?.[0]?.redirect_url;
    expect(new URL(url('2500.5')!).searchParams.get('amount')).toBe('2500.50');
    expect(new URL(url('2500', 'Custom <b>item</b>')!).searchParams.get('item_name')).toBe('Custom <b>item</b>');
    for (const bad of ['-5', '0', 'abc', '1e9', '12.345', HOSTILE]) expect(url(bad), bad).toBeUndefined();
    expect(paypalAmount('1 500,75')).toBe('1500.75');
  });
});
