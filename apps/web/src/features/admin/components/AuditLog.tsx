import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { isUnauthorised } from '../lib/session-errors.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useAudit } from '../api/audit.ts';
import { AUDIT_ACTION_OPTIONS, auditActionText, shortUserId } from '../lib/audit-actions.ts';
import { formatAdminTimestamp, formatAuditDetails } from '../lib/format.ts';

/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 20;

/**
 * The audit log of account and admin actions (issue #4 security pass), newest first: when, who,
 * what (action, target user, details) and from where (the client address), paged by the server.
 */
export function AuditLog() {
  const [page, setPage] = useState(0);
  const [action, setAction] = useState<string>('');
  const audit = useAudit(page * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, action || null, true);

  const body = (
    <QueryState
      query={audit}
      loading="Loading the audit log…"
      errorTitle="Could not load the audit log"
      noRetry={isUnauthorised}
      empty={audit.data?.data.length === 0 ? <EmptyState /> : undefined}
    >
      {(data) => (
        <>
          <TableContainer>
            <Table size="small" aria-label="Audit log" sx={{ minWidth: 860 }}>
              <TableHead>
                <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
                  <TableCell>When</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell>Target user</TableCell>
                  <TableCell>From where</TableCell>
                  <TableCell>Details</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((e) => (
                  <TableRow key={e.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminTimestamp(e.at)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{e.actorEmail ?? e.actorUserId ?? 'Anonymous'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} title={e.action}>
                      {auditActionText(e.action)}
                    </TableCell>
                    {e.targetUserId && e.targetUserId === e.actorUserId ? (
                      <TableCell sx={{ color: 'text.secondary' }}>themselves</TableCell>
                    ) : (
                      <TableCell
                        sx={{ fontFamily: 'monospace', fontSize: '0.8rem', whiteSpace: 'nowrap' }}
                        title={e.targetUserId ?? undefined}
                      >
                        {shortUserId(e.targetUserId)}
                      </TableCell>
                    )}
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem', whiteSpace: 'nowrap' }}>{e.ip ?? '-'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                      <Typography variant="body2" color="text.secondary">
                        {formatAuditDetails(e.details) || '-'}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.count}
            page={page}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={AUDIT_PAGE_SIZE}
            rowsPerPageOptions={[AUDIT_PAGE_SIZE]}
          />
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
          label="Action"
          value={action}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => {
            setAction(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 240, maxWidth: { sm: 280 } }}
        >
          <MenuItem value="">All actions</MenuItem>
          {AUDIT_ACTION_OPTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {auditActionText(a)}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          Account and administrator actions, newest first.
        </Typography>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void audit.refetch()} disabled={audit.isFetching}>
          Refresh
        </Button>
      </Stack>
      {/* While another page or action loads, the previous rows stay (placeholder data) under a thin bar. */}
      <Box sx={{ height: 4, mb: 1 }}>
        {audit.isFetching && !audit.isPending ? <LinearProgress aria-label="Reloading the audit log" /> : null}
      </Box>
      {body}
    </Box>
  );
}
