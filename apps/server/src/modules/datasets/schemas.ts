import { z } from 'zod';

/** The signature headers of the submit route, declared for the OpenAPI document (the paths, bodies and answers are in @ulca/contracts). */
export const signedHeaders = z
  .object({ key: z.string().optional(), payload: z.string().optional(), sig: z.string().optional() })
  .passthrough();
