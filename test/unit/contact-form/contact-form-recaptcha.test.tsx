// reCAPTCHA v3 in the page form, end to end in jsdom: the real machine, the real actors and the
// real client, the site's configuration and the API answered by a fetch stand-in, and a local
// provider stub in place of Google's script (it defines grecaptcha when the script "loads").
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { contactForm } from '../../support/site-content.ts';
import { contactFormMachine } from '../../../src/machines/contact-form/contact-form.machine.ts';
import { redirectAddOnMachine } from '../../../src/machines/contact-form/redirect-add-on.machine.ts';
import type { Grecaptcha } from '../../../src/services/shared/recaptcha.service.ts';
import { formSchema } from '../../../src/validation/index.ts';
import { ContactFormView } from '../../../src/views/contact-form/contact-form.view.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

it('loads the provider at the first focus on the form, asks for a token then (homepage), on each change and before each submission (contactform); failures are only logged', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const submissions: FormData[] = [];
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const { pathname } = new URL(input.url);
    asked.push(pathname);
    if (pathname === '/wp-json/site/v1/config') return json({ recaptchaSiteKey: 'site-key', googleMapsApiKey: null });
    if (pathname.endsWith('/feedback/schema')) return json(formSchema(contactForm));
    if (pathname.endsWith('/refill')) return json({});
    submissions.push(await input.formData());
    return json({ contact_form_id: 5, status: 'spam', message: contactForm.messages.spam, invalid_fields: [], posted_data_hash: '', into: '#wpcf7-f5-o1' });
  });

  const calls: string[] = [];
  let failing = false;
  const grecaptcha: Grecaptcha = {
    ready: (callback) => void setTimeout(callback, 0),
    execute: async (siteKey, { action }) => {
      calls.push(`${siteKey}:${action}`);
      if (failing) throw new Error('reCAPTCHA timed out');
      return `token:${action}:${calls.length}`;
    },
  };

  const logic = contactFormMachine.provide({ actors: { redirectAddOn: redirectAddOnMachine.provide({ actors: { navigate: fromCallback(() => {}) } }) } });
  const { container } = render(<ContactFormView form={contactForm} logic={logic} />);
  const token = () => container.querySelector<HTMLInputElement>('input[name="_wpcf7_recaptcha_response"]')!.value;

  // Nothing is asked of Google, nor the site's key read, before the visitor uses the form
  // (README.md, "The contact form").
  const user = userEvent.setup();
  await waitFor(() => expect(asked).toContain('/wp-json/contact-form-7/v1/contact-forms/5/feedback/schema'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked).not.toContain('/wp-json/site/v1/config');
  expect(document.head.querySelector('script[src*="recaptcha"]')).toBeNull();
  await user.click(screen.getByLabelText('Full name'));

  // The provider's script is added only now that the config has a site key.
  const script = await waitFor(() => {
    const element = document.head.querySelector<HTMLScriptElement>('script[src^="https://www.google.com/recaptcha/api.js"]');
    expect(element?.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key');
    return element!;
  });
  (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha = grecaptcha;
  script.dispatchEvent(new Event('load'));
  await waitFor(() => expect(token()).toBe('token:homepage:1'));

  await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
  await waitFor(() => expect(token()).toBe('token:contactform:2'));

  await user.click(screen.getByRole('button', { name: 'Send message' }));
  await waitFor(() => expect(submissions).toHaveLength(1));
  expect(calls.at(-1)).toBe('site-key:contactform');
  expect(submissions[0]!.get('_wpcf7_recaptcha_response')).toBe('token:contactform:3');

  // A failed token is logged; the form still goes (the server decides what a missing token means).
  failing = true;
  await user.type(screen.getByLabelText('Full name'), 'Thandi');
  await user.tab();
  await waitFor(() => expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'reCAPTCHA timed out' })));
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  await waitFor(() => expect(submissions).toHaveLength(2));
  expect(submissions[1]!.get('your-name')).toBe('Thandi');
  expect(calls).toEqual(['site-key:homepage', 'site-key:contactform', 'site-key:contactform', 'site-key:contactform', 'site-key:contactform']);
  script.remove();
});
