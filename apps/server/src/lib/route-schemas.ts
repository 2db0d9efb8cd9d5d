import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from './errors.ts';

// The error and message bodies, and the user-management path prefix, are contracts (see docs/api.md#errors).
export { errorResponse, messageResponse, USERS_PATH } from '@ulca/contracts';

/** OpenAPI `security` of a signed route: the signature v2 headers (securitySchemes in app.ts). */
export const SIGNED = [{ key: [], sig: [], payload: [], timestamp: [], nonce: [] }];

/**
 * For routes declared with `attachValidation: true`: when the body failed its schema, throws a
 * 400 ApiError whose message is the first field's own message (e.g. 'Name is not proper') and
 * whose `errors` lists every field. Otherwise returns the validated body.
 */
export function validatedBody<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  if (!request.validationError) return request.body as z.output<S>;
  const parsed = schema.safeParse(request.body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
  throw new ApiError(
    400,
    'VALIDATION_FAILED',
    errors[0]?.message ?? 'Something wrong with the input you supplied, please verify and try again!',
    errors,
  );
}
