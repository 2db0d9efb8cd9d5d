import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { isUnauthorised } from '../lib/session-errors.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { TablePaging } from '../../../components/TableToolbar.tsx';
import { i18n, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useAudit } from '../api/audit.ts';
import { useUsersById } from '../api/users.ts';
import { UserName } from './UserName.tsx';
import { adminErrorText } from '../lib/admin-errors.ts';
import { AUDIT_ACTION_OPTIONS } from '../lib/audit-actions.ts';
import { useAuditActionText } from '../lib/labels.ts';
import { formatAdminTimestamp, formatAuditDetails } from '../lib/format.ts';

/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 20;

/**
 * The audit log of account and admin actions, newest first: when, who,
 * what (action, target user, details) and from where (the client address), paged by the server.
 * Users are named by name and e-mail (looked up for the page's ids in one users/search call); an id
 * that is no longer a user shows shortened, whole in its tooltip.
 */
export function AuditLog() {
  const { t } = useTranslation();
  // A detail key the catalogue names reads in the interface language; another shows as stored.
  const detailLabel = (key: string) => (i18n.exists(`admin.audit.detail.${key}`) ? t(`admin.audit.detail.${key}`) : key);
  const actionText = useAuditActionText();
  const [page, setPage] = useState(0);
  const [action, setAction] = useState<string>('');
  const audit = useAudit(page * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, action || null, true);
  const people = useUsersById(
    useMemo(
      () => (audit.data?.data ?? []).flatMap((e) => [e.actorUserId, e.targetUserId]).filter((id): id is string => !!id),
      [audit.data],
    ),
  );

  const body = (
    <QueryState
      query={audit}
      loading={t('admin.audit.loading')}
      errorTitle={t('admin.audit.loadFailed')}
      errorText={(err) => adminErrorText(t, err)}
      noRetry={isUnauthorised}
      empty={audit.data?.data.length === 0 ? <EmptyState /> : undefined}
    >
      {(data) => (
        <>
          {/* Focusable, so a keyboard can scroll it when it is wider than the screen. */}
          <DataTable
            region
            size="small"
            label={t('admin.audit.table')}
            sx={{ minWidth: 860 }}
            head={
              <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
                <TableCell>{t('admin.audit.when')}</TableCell>
                <TableCell>{t('admin.audit.who')}</TableCell>
                <TableCell>{t('admin.audit.what')}</TableCell>
                <TableCell>{t('admin.audit.target')}</TableCell>
                <TableCell>{t('admin.audit.fromWhere')}</TableCell>
                <TableCell>{t('admin.audit.details')}</TableCell>
              </TableRow>
            }
          >
            {data.data.map((e) => (
              <TableRow key={e.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminTimestamp(e.at)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                  {e.actorUserId || e.actorEmail ? (
                    <UserName id={e.actorUserId} email={e.actorEmail} people={people} />
                  ) : (
                    t('admin.audit.anonymous')
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={e.action}>
                  {actionText(e.action)}
                </TableCell>
                {e.targetUserId && e.targetUserId === e.actorUserId ? (
                  <TableCell sx={{ color: 'text.secondary' }}>{t('admin.audit.themselves')}</TableCell>
                ) : (
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                    {e.targetUserId ? <UserName id={e.targetUserId} email={null} people={people} /> : '-'}
                  </TableCell>
                )}
                <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem', whiteSpace: 'nowrap' }}>{e.ip ?? '-'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                  <Typography variant="body2" color="text.secondary">
                    {formatAuditDetails(e.details, detailLabel) || '-'}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
          <TablePaging count={data.count} page={page} pageSize={AUDIT_PAGE_SIZE} onPageChange={setPage} />
        </>
      )}
    </QueryState>
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          margin="none"
          label={t('admin.audit.action')}
          value={action}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => {
            setAction(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 240, maxWidth: { sm: 280 } }}
        >
          <MenuItem value="">{t('admin.audit.allActions')}</MenuItem>
          {AUDIT_ACTION_OPTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {actionText(a)}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('admin.audit.intro')}
        </Typography>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void audit.refetch()} disabled={audit.isFetching}>
          {t('common.refresh')}
        </Button>
      </Stack>
      {/* While another page or action loads, the previous rows stay (placeholder data) under a thin bar. */}
      <Box sx={{ height: 4, mb: 1 }}>
        {audit.isFetching && !audit.isPending ? <LinearProgress aria-label={t('admin.audit.reloading')} /> : null}
      </Box>
      {body}
    </Box>
  );
}
