// The sidebar form's ky client: the question (the sum from a and b, the challenge), the
// urlencoded send with the plugin's action, the plugin's JSON taken as the answer whatever the
// HTTP status, and everything else a SidebarApiError.
import { describe, expect, it } from 'vitest';
import { createSidebarClient, SidebarApiError } from '../../../src/services/sidebar-form/sidebar-form-api.client.ts';
import { jsonResponse, recordingFetch } from '../../support/recording-fetch.ts';

const json = jsonResponse;

function clientWith(answer: (request: Request) => Response | Promise<Response>) {
  const { fetch, requests } = recordingFetch(answer);
  return { client: createSidebarClient({ fetch, baseUrl: 'http://site.test/' }), requests };
}

describe('the sidebar form client', () => {
  it('asks admin-ajax.php for a question and gives its sum and challenge', async () => {
    const { client, requests } = clientWith(() => json({ success: true, data: { question: '3 + 4 = ?', a: 3, b: 4, challenge: 'c.3.4.1.sig', expires_at: '2026-11-24T08:30:00.000Z' } }));
    expect(await client.question()).toEqual({ text: '3 + 4 = ?', sum: 7, challenge: 'c.3.4.1.sig' });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url).toBe('http://site.test/wp-admin/admin-ajax.php');
    expect(await requests[0]!.text()).toBe('action=ncf_human_test');
  });

  it('sends the fields urlencoded after action=ncf_send_message', async () => {
    const { client, requests } = clientWith(() => json({ success: true, result: true }));
    expect(await client.send([['ncf_form_index', '1'], ['ncf_name_field', 'Thandi Mokoena']])).toEqual({ success: true, result: true });
    expect(requests[0]!.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(await requests[0]!.text()).toBe('action=ncf_send_message&ncf_form_index=1&ncf_name_field=Thandi+Mokoena');
  });

  it("takes the plugin's refusal, with its field messages, as an answer", async () => {
    const refusal = { success: false, result: false, message: 'Message not sent: one or more fields need attention.', errors: { ncf_answer_field: '* Wrong Answer' } };
    const { client } = clientWith(() => json(refusal));
    expect(await client.send([])).toEqual(refusal);
  });

  it.each([
    ['a rate limit', () => json({ code: 'ncf_rate_limited', message: 'Too many messages' }, 429)],
    ['an HTML error page', () => new Response('<html>502</html>', { status: 502 })],
    ['an answer of another shape', () => json({ status: 'mail_sent' })],
  ])('refuses %s as a SidebarApiError', async (_name, answer) => {
    const { client } = clientWith(answer);
    await expect(client.send([])).rejects.toBeInstanceOf(SidebarApiError);
  });

  it('refuses a question answer without a question, and a request that got no answer', async () => {
    await expect(clientWith(() => json({ success: true, data: {} })).client.question()).rejects.toBeInstanceOf(SidebarApiError);
    await expect(
      clientWith(() => {
        throw new TypeError('Failed to fetch');
      }).client.question(),
    ).rejects.toThrow('Failed to fetch');
  });
});
