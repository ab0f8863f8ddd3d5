// A visitor's message through the public contact form, as the page's form posts it (the CF7
// feedback route, with a browser's user agent): what the console's browser tests then find in
// the inbox.
import { expect } from 'vitest';
import { validContactFields } from '../../server/helpers/test-forms.ts';

export async function sendContactMessage(baseUrl: string, overrides: Record<string, string> = {}): Promise<void> {
  const body = new FormData();
  for (const [key, value] of Object.entries(validContactFields(overrides))) body.append(key, value);
  const response = await fetch(`${baseUrl}/wp-json/contact-form-7/v1/contact-forms/5/feedback`, {
    method: 'POST',
    body,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36' },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect((await response.json()).status).toBe('mail_sent');
}
