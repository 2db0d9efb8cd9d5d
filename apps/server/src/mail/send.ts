import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/queues.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Queues `msg` on the `mail` queue (docs/architecture.md#data-flow Jobs): a worker sends it through the Mailer
 * (jobs/mail.ts), and pg-boss retries a failed send with backoff (jobs/retry.ts), so a slow or
 * briefly unavailable SMTP server neither delays nor fails the request that asked for the e-mail.
 * Throws when the job cannot be queued (the database is unreachable).
 */
export async function queueMail(ctx: Pick<AppContext, 'boss'>, msg: MailMessage): Promise<void> {
  await ctx.boss.send(QUEUES.mail, msg);
}
