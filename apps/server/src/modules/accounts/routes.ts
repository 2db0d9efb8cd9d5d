import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Account routes under /ulca/user-mgmt/v1/users (spec 01 §7). */
export async function accountRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
