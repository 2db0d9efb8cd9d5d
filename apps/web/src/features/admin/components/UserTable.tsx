import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { TablePaging } from '../../../components/TableToolbar.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { AdminUser } from '../api/users.ts';
import { formatAdminTimestamp } from '../lib/format.ts';
import { USERS_PAGE_SIZE } from '../lib/users.ts';
import { useRoleLabel } from '../lib/labels.ts';

/** Columns shown from the md breakpoint only: on a phone the name, Active and Edit stay (docs/product.md#admin). */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * The admin user table (docs/product.md#admin 'Admin user details'): User ID, Name, Role, Organization,
 * Timestamp (en-IN, 24-hour; the rows arrive newest first), an active switch and an edit button per
 * row. The signed-in admin's own row has no actions; edit is disabled for inactive users. The system
 * account (it owns the reference models) is marked and has no actions either: the server refuses them.
 * Below the md breakpoint User ID, Role, Organization and Timestamp give way, so a phone keeps the
 * name, the Active switch and Edit on screen; the role goes under the name.
 */
export function UserTable({
  rows,
  selfId,
  count,
  page,
  onPageChange,
  busyEmail,
  onToggleActive,
  onEdit,
}: {
  rows: readonly AdminUser[];
  selfId: string;
  count: number;
  page: number;
  onPageChange: (page: number) => void;
  /** The e-mail of the user whose active state is being changed (its switch is disabled meanwhile). */
  busyEmail: string | null;
  onToggleActive: (user: AdminUser, active: boolean) => void;
  onEdit: (user: AdminUser) => void;
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  return (
    <>
      {/* Focusable, so a keyboard can scroll it when the words of a language make it wider than the screen. */}
      <DataTable
        region
        label={t('admin.usersTable')}
        sx={{ minWidth: { md: 860 }, '& th, & td': { px: { xs: 1, md: 2 } } }}
        head={
          <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
            <TableCell sx={WIDE_ONLY}>{t('admin.col.userId')}</TableCell>
            <TableCell>{t('admin.col.name')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('admin.col.role')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('admin.col.organization')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('admin.col.timestamp')}</TableCell>
            <TableCell align="center">{t('admin.col.active')}</TableCell>
            <TableCell align="center">{t('admin.col.edit')}</TableCell>
          </TableRow>
        }
      >
        {rows.map((u) => {
          const self = u.userID === selfId;
          const roles = u.roles.length ? u.roles.map(roleLabel).join(', ') : '-';
          return (
            <TableRow key={u.userID} hover data-user-email={u.email}>
              <TableCell sx={{ ...WIDE_ONLY, fontFamily: 'monospace', fontSize: '0.8rem', maxWidth: 180, overflowWrap: 'anywhere' }}>
                {u.userID}
              </TableCell>
              <TableCell sx={{ minWidth: { md: 160 } }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {u.firstName || '-'}
                  {u.isActive ? null : (
                    <Chip size="small" label={t('admin.inactive')} variant="outlined" sx={{ ml: 1, height: 20, fontSize: '0.7rem' }} />
                  )}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {u.email}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { md: 'none' } }}>
                  {roles}
                </Typography>
              </TableCell>
              <TableCell sx={WIDE_ONLY}>{roles}</TableCell>
              <TableCell sx={WIDE_ONLY}>{u.orgID ?? '-'}</TableCell>
              <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatAdminTimestamp(u.createdOn ?? u.activatedTime)}</TableCell>
              {self ? (
                <TableCell align="center" colSpan={2}>
                  <Tooltip title={t('admin.cannotChangeOwn')}>
                    <Chip size="small" label={t('admin.you')} />
                  </Tooltip>
                </TableCell>
              ) : u.isSystem ? (
                <TableCell align="center" colSpan={2}>
                  <Tooltip title={t('admin.systemAccountTip')}>
                    <Chip size="small" color="primary" variant="outlined" label={t('admin.systemAccount')} data-testid="system-account" />
                  </Tooltip>
                </TableCell>
              ) : (
                <>
                  <TableCell align="center">
                    <Switch
                      checked={u.isActive}
                      disabled={busyEmail === u.email}
                      onChange={(_e, checked) => onToggleActive(u, checked)}
                      slotProps={{
                        input: { 'aria-label': t(u.isActive ? 'admin.deactivateUser' : 'admin.activateUser', { email: u.email }) },
                      }}
                    />
                  </TableCell>
                  <TableCell align="center">
                    <Tooltip title={u.isActive ? t('admin.edit') : t('admin.activateToEdit')}>
                      <span>
                        <IconButton aria-label={t('admin.editUser', { email: u.email })} disabled={!u.isActive} onClick={() => onEdit(u)}>
                          <EditIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </>
              )}
            </TableRow>
          );
        })}
      </DataTable>
      <TablePaging count={count} page={page} pageSize={USERS_PAGE_SIZE} onPageChange={onPageChange} />
    </>
  );
}
