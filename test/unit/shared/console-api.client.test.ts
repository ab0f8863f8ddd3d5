// The console's HTTP client turns the server's refusals into ConsoleApiError with its code: ky
// reads an error's body itself (into `HTTPError.data`), so the client must not read it again.
import { describe, expect, it } from 'vitest';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { OkAnswerStruct } from '../../../src/validation/console/console-api.ts';

const answering = (status: number, body: string, contentType = 'application/json') =>
  createConsoleApi({ baseUrl: 'https://lumina.example.co.za', fetch: async () => new Response(body, { status, headers: { 'content-type': contentType } }) });

describe('console API refusals', () => {
  it.each([
    [401, 'console_session_expired', true],
    [404, 'console_not_found', false],
  ])('%i answers ConsoleApiError %s (signed out: %s)', async (status, code, signedOut) => {
    const api = answering(status, JSON.stringify({ code, message: 'Refused.', data: { status, field: 'id' } }));
    const error = await api.post('/messages/1/delete', {}, OkAnswerStruct).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConsoleApiError);
    expect(error).toMatchObject({ code, status, field: 'id', message: 'Refused.', isSignedOut: signedOut });
  });

  it('a refusal that is not the protocol\'s is invalid_answer with the HTTP status', async () => {
    const error = await answering(502, '<html>Bad gateway</html>', 'text/html').get('/session', OkAnswerStruct).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'invalid_answer', status: 502 });
  });
});
