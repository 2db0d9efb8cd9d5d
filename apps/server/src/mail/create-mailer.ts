import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Builds the Mailer of docs/architecture.md#data-flow: SMTP through nodemailer when `smtpUrl` is set; otherwise
 * nodemailer's stream transport renders each message to `<outboxDir>/<time>-<to>.eml` and the
 * message's links are logged so a local user can follow them (`printLinks`: also printed alone on a line).
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string; log: Logger; printLinks?: boolean }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(msg: MailMessage) {
        const info = await transport.sendMail({ from: opts.from, ...msg });
        return info.messageId;
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  fs.mkdirSync(opts.outboxDir, { recursive: true });
  return {
    async send(msg: MailMessage) {
      const info = await transport.sendMail({ from: opts.from, ...msg });
      const safeTo = msg.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(opts.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}-${safeTo}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      const links = msg.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: msg.to, subject: msg.subject, file, links }, 'e-mail written to outbox');
      // A person at a terminal gets each link (activation, reset) on a line of its own, easy to open.
      if (opts.printLinks) for (const link of links) process.stdout.write(`\n  ${msg.subject} (${msg.to}):\n  ${link}\n\n`);
      return file;
    },
  };
}
