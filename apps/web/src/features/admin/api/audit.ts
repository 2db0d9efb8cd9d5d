import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditListResponse, USER_API, type AuditEntry, type AuditListResponse } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './users.ts';

export type { AuditEntry };
export type AuditList = AuditListResponse;

/** A page of the audit log, newest first (GET audit?offset=&limit=&action=, signed ADMIN). */
export function fetchAudit(offset: number, limit: number, action: string | null, signal?: AbortSignal): Promise<AuditList> {
  return apiRequest('GET', USER_API.audit, { query: { offset, limit, action }, schema: auditListResponse, signal });
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
