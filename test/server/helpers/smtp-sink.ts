import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/*
 * A real SMTP server on a loopback port that keeps every message it is given: the envelope
 * and the raw RFC 5322 text. It can be started on a chosen port, so a test can let a worker
 * fail against the port first (the outage) and then bring the server up there.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Header name (lower case) → values, unfolded. */
  headers: Map<string, string[]>;
  body: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** With a `login`: whether it accepts that login now (a refusal is 535, as a mail server answers a wrong password). */
  acceptLogin(accept: boolean): void;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Demand this login (AUTH PLAIN or LOGIN, over plain text on loopback); without it AUTH is off. */
  login?: { user: string; pass: string; accepted: boolean };
  /** TLS from the first byte (smtps://) with smtp-server's own self-signed certificate: a client that checks it refuses it. */
  secure?: boolean;
}

export async function startSmtpSink(port = 0, options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const { login } = options;
  let loginAccepted = login?.accepted ?? true;
  const server = new SMTPServer({
    secure: options.secure === true,
    authOptional: login === undefined,
    disabledCommands: login === undefined ? ['STARTTLS', 'AUTH'] : ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (login !== undefined && loginAccepted && auth.username === login.user && auth.password === login.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
        received.push({ from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, ...parse(raw) });
        callback();
      });
    },
  });
  // A client that refuses the certificate hangs up during the handshake: that is what it is for.
  if (options.secure === true) server.on('error', () => undefined);
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `${options.secure === true ? 'smtps' : 'smtp'}://${login === undefined ? '' : `${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@`}127.0.0.1:${actual}`,
    received,
    acceptLogin: (accept) => {
      loginAccepted = accept;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function parse(raw: string): { headers: Map<string, string[]>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string[]>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { headers, body: raw.slice(split + 4) };
}
