import type { AppContext } from '../context.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { QUEUES } from './queues.ts';
import { workWithRetries } from './retry.ts';

/**
 * The mail queue: sends each queued message (mail/send.ts queueMail) through `ctx.mailer` (SMTP
 * or the outbox folder). A failed send is retried by pg-boss; after the last attempt the message is
 * dropped with an error in the log (the user can ask again: sign-up, forgot password).
 */
export async function startMailWorker(ctx: AppContext): Promise<void> {
  await workWithRetries<MailMessage>(ctx, QUEUES.mail, {
    failureMessage: 'e-mail could not be sent',
    describe: (msg) => ({ to: msg.to, subject: msg.subject }),
    run: async (msg) => {
      await ctx.mailer.send(msg);
    },
    onLastFailure: async (msg) => {
      ctx.log.error({ to: msg.to, subject: msg.subject }, 'e-mail given up after its last attempt');
    },
  });
}
