import { z } from 'zod';

/** The error body of every route (DESIGN.md §5): `{ message, code, errors? }`, as rendered by app.ts for an ApiError. */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** OpenAPI `security` of a signed route: the signature v2 headers (securitySchemes in app.ts). */
export const SIGNED = [{ key: [], sig: [], payload: [], timestamp: [], nonce: [] }];
