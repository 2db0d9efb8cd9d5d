/**
 * The one error shape of the API (docs/api.md#request-signatures): `{ message, code, errors? }`.
 * Throw an ApiError from any route or service; the app's error handler renders it.
 */
export class ApiError extends Error {
  constructor(
    /** HTTP status: 400 bad input, 401 not signed, 403 role, 404, 409 duplicate, 413 too large, 422 duplicate e-mail. */
    public readonly status: number,
    /** Stable machine-readable code, e.g. DATASET_NAME_TAKEN. */
    public readonly code: string,
    message: string,
    /** Field errors: `[{ field, message }]`. */
    public readonly errors?: { field: string; message: string }[],
    /** Logged with the request, never sent: e.g. the address a refused host resolved to. */
    public readonly logDetail?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Seconds a refused caller should wait (a 429 or 503), sent as Retry-After. */
  retryAfterSeconds?: number;

  /** This error with a Retry-After of `seconds` (rounded up, at least 1). */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }
  /** Response headers sent with the error (e.g. `retry-after` of a 429). */
  headers?: Record<string, string>;
}

export const badRequest = (code: string, message: string, errors?: { field: string; message: string }[], logDetail?: string) =>
  new ApiError(400, code, message, errors, logDetail);
export const unauthorized = (message = 'You are not authorized to do this action at the moment!') =>
  new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Your role does not allow this action.') => new ApiError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);
