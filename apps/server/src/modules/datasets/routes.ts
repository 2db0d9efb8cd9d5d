import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Dataset routes under /ulca/apis/v0/dataset and /ulca/error-consumer (spec 01 §7). */
export async function datasetRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
