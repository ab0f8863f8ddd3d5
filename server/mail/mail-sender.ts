import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { toMailMessage, withAvailableAttachments, type MessageSettings } from './mail-message.ts';
import type { OutboxSender } from './outbox-worker.ts';

// Every SMTP step has a time limit, so a hung server cannot hold a claim past its lease.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** The outbox's mail channel: each row as a nodemailer message, over SMTP_URL. */
export function createMailSender(options: { smtpUrl: string; message: MessageSettings; log: FastifyBaseLogger }): OutboxSender {
  const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    channel: 'mail',
    noun: 'mail',
    hasDefaultRecipient: options.message.defaultTo !== null,
    async send(row) {
      await transport.sendMail(await withAvailableAttachments(toMailMessage(row, options.message), options.log, row.id));
      return {};
    },
    close: () => transport.close(),
  };
}
