/**
 * Stream tickets: how a signed-in owner or admin streams an UNPUBLISHED model
 * from the browser, whose WebSocket cannot carry the signature headers (docs/api.md#request-signatures). A signed
 * POST issues an opaque random ticket (32 bytes, base64url) bound to the verified user and the
 * modelId, valid STREAM_TICKET_SECONDS; only its SHA-256 is stored (repo.ts). The socket opened
 * with `?ticket=` consumes it atomically: unknown, used, expired or another model's ticket → null.
 */
import { isRole, STREAM_TICKET_SECONDS } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { randomToken, tokenHash } from '../../security/crypto.ts';
import * as accounts from '../accounts/service.ts';
import * as models from '../models/service.ts';
import * as repo from './repo.ts';
import { isStreamingModel, type StreamCaller } from './service.ts';
import type { StreamingServices } from './state.ts';
import type { ModelsServices } from '../models/service.ts';

/**
 * Issues a ticket for `user` to stream `modelId`. The model must be one `user` may call (published,
 * or theirs, or any for an admin) and a streaming model. Returns the ticket in clear (shown once)
 * and its lifetime in seconds. Throws ApiError 404 (no such model for this caller), 400
 * NOT_STREAMING (not a streaming model).
 */
export async function issueStreamTicket(
  ctx: AppContext<StreamingServices & ModelsServices>,
  user: { userId: string; roles: readonly string[] },
  modelId: string,
): Promise<{ ticket: string; expiresInSeconds: number }> {
  const model = await models.getModelForCall(ctx, modelId, user);
  if (!isStreamingModel(model)) throw badRequest('NOT_STREAMING', 'This model is not a streaming model; use model/compute.');
  // Expired tickets are deleted at most once a minute per process (ctx.services.streaming).
  if (ctx.services.streaming.ticketPrune.due()) {
    repo.pruneTickets(ctx.db).catch((err: unknown) => ctx.log.warn({ err }, 'could not prune stream tickets'));
  }
  const ticket = randomToken();
  await repo.insertTicket(ctx.db, tokenHash(ticket), user.userId, modelId, STREAM_TICKET_SECONDS);
  return { ticket, expiresInSeconds: STREAM_TICKET_SECONDS };
}

/**
 * Consumes `ticket` for a stream of `modelId` and returns its user (with the roles they hold now),
 * or null when the ticket is unknown, already used, expired, for another model, or its user is no
 * longer active. Single use: of concurrent redemptions at most one gets the user.
 */
export async function redeemStreamTicket(
  ctx: AppContext,
  ticket: string,
  modelId: string,
): Promise<NonNullable<StreamCaller['user']> | null> {
  const userId = await repo.consumeTicket(ctx.db, tokenHash(ticket), modelId);
  if (!userId) return null;
  const user = await accounts.getUserById(ctx, userId);
  if (!user?.isActive) return null;
  return { userId, roles: user.roles.filter(isRole) };
}
