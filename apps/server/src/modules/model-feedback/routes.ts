import type { FastifyInstance } from 'fastify';
import { MODEL_API, modelFeedbackBody, modelFeedbackListQuery, modelFeedbackListResponse, modelFeedbackResponse } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { currentUser } from '../../security/auth.ts';
import { currentCaller, SIGNATURE_OR_API_KEY, signedIn } from '../../security/access.ts';
import { FEEDBACK_THANKS_MESSAGE, listFeedback, submitFeedback } from './service.ts';
import type { FeedbackServices } from './feedback.rate-limit.ts';
import type { ModelsServices } from '../models/service.ts';

/**
 * Largest feedback body, bytes (413 beyond): room for the longest fields the schema allows
 * (input and output 20 000 characters each, a suggestion, answers, sts stages) in Indic UTF-8.
 */
export const FEEDBACK_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * Feedback routes (docs/product.md#screens, docs/product.md#entities-and-fields, docs/product.md#roles; docs/api.md#route-groups):
 * - POST model/feedback/submit (anonymous, signed or `ulcaApiKey`; a body userId is ignored) →
 *   `{message, data:{feedbackId}}`; 400 bad input, 404 unknown or invisible model, 413 over
 *   FEEDBACK_BODY_LIMIT_BYTES, 429 too many anonymous submits from one address.
 * - GET model/feedback/list?modelId (signed; the model's owner or ADMIN, else 403) →
 *   `{message, data:[entry], count}`, newest first.
 */
export async function modelFeedbackRoutes(fastify: FastifyInstance, ctx: AppContext<FeedbackServices & ModelsServices>): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['models']);

  app.post(
    MODEL_API.feedbackSubmit,
    route(
      SIGNATURE_OR_API_KEY,
      {
        summary: 'Leave feedback on a model: rating and answers, suggested output, sts stages (anonymous, signed or ulcaApiKey)',
        description:
          "Input, output and suggested outputs are kept unless the caller's data tracking is off (an API key whose Data Tracking switch is off). The sender is the signature's user or the API key's owner; a userId in the body is ignored. Anonymous submits are limited per address (429).",
        body: modelFeedbackBody,
        response: { 200: modelFeedbackResponse, ...errorResponses(400, 401, 404, 413, 429) },
      },
      { bodyLimit: FEEDBACK_BODY_LIMIT_BYTES },
    ),
    async (request, reply) => {
      const body = request.body;
      try {
        const data = await submitFeedback(ctx, currentCaller(request), body);
        return { message: FEEDBACK_THANKS_MESSAGE, data };
      } catch (err) {
        const wait = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
        if (wait) void reply.header('retry-after', String(wait));
        throw err;
      }
    },
  );

  app.get(
    MODEL_API.feedbackList,
    route(signedIn(), {
      summary: "Feedback on one of the caller's models, newest first (the model's owner or ADMIN)",
      querystring: modelFeedbackListQuery,
      response: { 200: modelFeedbackListResponse, ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const user = currentUser(request);
      const data = await listFeedback(ctx, user, request.query.modelId);
      return { message: data.length ? `${data.length} feedback entries.` : 'No feedback on this model yet.', data, count: data.length };
    },
  );
}
