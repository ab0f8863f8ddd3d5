// The e2e mailbox: a real SMTP server (smtp-server) that the site's outbox delivers to, and a
// small HTTP endpoint listing what it received, so tests (in their own worker) can read it.
// Its address reaches the tests through `project.provide('mailboxUrl')`.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpSink, type SmtpSink } from '../../server/helpers/smtp-sink.ts';

/** A received message as JSON: envelope, headers (lower-case names) and raw text. */
export interface MailboxMessage {
  from: string;
  to: string[];
  headers: Record<string, string[]>;
  body: string;
  raw: string;
}

export interface Mailbox {
  smtpUrl: string;
  /** GET → MailboxMessage[] */
  url: string;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const sink: SmtpSink = await startSmtpSink();
  const http: Server = createServer((_request, response) => {
    const messages: MailboxMessage[] = sink.received.map((mail) => ({
      from: mail.from,
      to: mail.to,
      headers: Object.fromEntries(mail.headers),
      body: mail.body,
      raw: mail.raw,
    }));
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(messages));
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return {
    smtpUrl: sink.url,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/messages`,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await sink.close();
    },
  };
}

/** Waits until the mailbox holds a message that `match` accepts. */
export async function waitForMail(url: string, match: (message: MailboxMessage) => boolean, timeoutMs = 20_000): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(url)).json()) as MailboxMessage[];
    const found = messages.find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no matching mail arrived at the mailbox within ${timeoutMs} ms`);
}
