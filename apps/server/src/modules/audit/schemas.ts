import { z } from 'zod';

/** Request and response schemas of the audit route (issue #4 §4). */

/** Response of GET /ulca/user-mgmt/v1/audit. */
export const auditListResponse = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      at: z.string().describe('ISO 8601'),
      actorUserId: z.string().nullable(),
      actorEmail: z.string().nullable(),
      action: z.string(),
      targetUserId: z.string().nullable(),
      ip: z.string().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  count: z.number(),
});
