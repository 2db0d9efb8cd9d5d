import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './users.ts';

/** One entry of the audit log (contracts: Accounts): who (actor), what (action, target, details), when (at), from where (ip). */
export const auditEntrySchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  at: z.string(),
  actorUserId: z.string().nullish().transform((v) => v ?? null),
  actorEmail: z.string().nullish().transform((v) => v ?? null),
  action: z.string(),
  targetUserId: z.string().nullish().transform((v) => v ?? null),
  ip: z.string().nullish().transform((v) => v ?? null),
  details: z.unknown().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({ data: z.array(auditEntrySchema), count: z.number() });
export type AuditList = z.infer<typeof auditListSchema>;

/** A page of the audit log, newest first (GET /ulca/user-mgmt/v1/audit?offset=&limit=&action=, signed ADMIN). */
export function fetchAudit(offset: number, limit: number, action: string | null, signal?: AbortSignal): Promise<AuditList> {
  return apiRequest('GET', '/ulca/user-mgmt/v1/audit', { query: { offset, limit, action }, schema: auditListSchema, signal });
}

/** Query hook: one page of the audit log; the previous page stays shown while the next loads. */
export function useAudit(offset: number, limit: number, action: string | null, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.audit(offset, limit, action),
    queryFn: ({ signal }) => fetchAudit(offset, limit, action, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
