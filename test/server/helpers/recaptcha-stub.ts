import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for Google's siteverify on 127.0.0.1: it takes the form-encoded POST
 * (secret, response, and remoteip if one were sent) and answers with whatever JSON the test set for that token,
 * recording every request so tests can check what the server sent.
 */

export interface SiteverifyAnswer {
  success: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  challenge_ts?: string;
  'error-codes'?: string[];
}

export interface RecaptchaStub {
  url: string;
  answers: Map<string, SiteverifyAnswer>;
  requests: Array<Record<string, string>>;
  close(): Promise<void>;
}

export async function startRecaptchaStub(): Promise<RecaptchaStub> {
  const answers = new Map<string, SiteverifyAnswer>();
  const requests: Array<Record<string, string>> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      requests.push({ ...fields, contentType: request.headers['content-type'] ?? '', method: request.method ?? '' });
      const answer = answers.get(fields.response ?? '') ?? { success: false, 'error-codes': ['invalid-input-response'] };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    answers,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
