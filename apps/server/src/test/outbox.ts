import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/queues.ts';

/** Test helpers: read the messages the outbox mailer wrote (mail/create-mailer.ts, Unix newlines). */

/**
 * Decodes the text part of an .eml file written by the outbox mailer (7bit, quoted-printable or
 * base64). Line ends may be CRLF (nodemailer's buffered stream keeps them): they are read as LF.
 */
export function emlText(eml: string): string {
  const raw = eml.replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** Decoded texts of every message to `to`, oldest first. */
export function mailsTo(outboxDir: string, to: string): string[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith(`-${to}.eml`))
    .sort()
    .map((f) => emlText(fs.readFileSync(path.join(outboxDir, f), 'utf8')));
}

/** The password-reset link of the newest message to `to`, or undefined. */
export function latestResetLink(outboxDir: string, to: string): string | undefined {
  const all = mailsTo(outboxDir, to);
  return all.length ? all[all.length - 1].match(/https?:\/\/\S+\/ulca\/user\/reset-password\/\S+/)?.[0] : undefined;
}

/** `{email, token}` of a reset link `{PUBLIC_URL}/ulca/user/reset-password/{email}/{token}`. */
export function resetLinkParts(link: string): { email: string; token: string } {
  const [email, token] = new URL(link).pathname.replace(/^.*\/ulca\/user\/reset-password\//, '').split('/');
  return { email: decodeURIComponent(email), token };
}

/**
 * Resolves once the mail queue holds no message waiting, retrying or being sent, so the outbox
 * shows every e-mail asked for so far (e-mail is sent by a job: mail/send.ts). Throws after
 * `timeoutMs`.
 */
export async function mailSettled(ctx: Pick<AppContext, 'boss'>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while ((await ctx.boss.getQueueSize(QUEUES.mail, { before: 'completed' })) > 0) {
    if (Date.now() > end) throw new Error('the mail queue did not empty in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
