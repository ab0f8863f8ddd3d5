// The console's API client (src/services/shared/console-api.client.ts): a refusal reaches the
// machines as a ConsoleApiError with the server's code, so "signed out" is told from "server
// unreachable" (README.md "The console").
import { describe, expect, it } from 'vitest';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { SessionAnswerStruct } from '../../../src/validation/console-access/console-access.protocol.ts';
import { OkAnswerStruct } from '../../../src/validation/console/console-api.ts';

const answering = (status: number, body: unknown) =>
  createConsoleApi({
    baseUrl: 'http://localhost:4173',
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  });

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('the console API client', () => {
  it('turns a 401 refusal into a signed-out ConsoleApiError with the server\'s code', async () => {
    const error = await thrownBy(answering(401, { code: 'console_session_required', message: 'Sign in first.', data: { status: 401 } }).get('/session', SessionAnswerStruct));
    expect(error).toBeInstanceOf(ConsoleApiError);
    expect(error).toMatchObject({ code: 'console_session_required', status: 401, isSignedOut: true, message: 'Sign in first.' });
  });

  it('keeps the field a 400 names', async () => {
    const error = await thrownBy(answering(400, { code: 'console_invalid_body', message: 'Name too long.', data: { status: 400, field: 'name' } }).post('/passkeys/verify', {}, OkAnswerStruct));
    expect(error).toMatchObject({ code: 'console_invalid_body', status: 400, field: 'name', isSignedOut: false });
  });

  it('says when a refusal is not the protocol\'s', async () => {
    const error = await thrownBy(answering(502, { oops: true }).get('/session', SessionAnswerStruct));
    expect(error).toMatchObject({ code: 'invalid_answer', status: 502 });
  });
});
