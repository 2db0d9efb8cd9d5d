import { z } from 'zod';
import { submissionStatusSchema } from '@ulca/contracts';

/** Request and response schemas of the dataset routes that are not in @ulca/contracts yet (spec 01 §7). */

export const signedHeaders = z.object({ key: z.string().optional(), payload: z.string().optional(), sig: z.string().optional() }).passthrough();
export const status = submissionStatusSchema;
