import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from './errors.ts';

/** The error body of every route (DESIGN.md §5): `{ message, code, errors? }`, as rendered by app.ts for an ApiError. */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** OpenAPI `security` of a signed route: the signature v2 headers (securitySchemes in app.ts). */
export const SIGNED = [{ key: [], sig: [], payload: [], timestamp: [], nonce: [] }];

/** Path prefix of the user-management routes (accounts, keys, audit; spec 01 §7). */
export const USERS_PATH = '/ulca/user-mgmt/v1/users';

/** The `{ message }` body of routes that answer with a sentence only. */
export const messageResponse = z.object({ message: z.string() });

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
  throw new ApiError(400, 'VALIDATION_FAILED', errors[0]?.message ?? 'Something wrong with the input you supplied, please verify and try again!', errors);
}
