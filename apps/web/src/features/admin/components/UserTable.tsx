import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { FixedSizePagination } from '../../../components/TableToolbar.tsx';
import type { AdminUser } from '../api/users.ts';
import { formatAdminTimestamp } from '../lib/format.ts';
import { USERS_PAGE_SIZE, roleLabel } from '../lib/users.ts';

/**
 * The admin user table (docs/product.md#admin 'Admin user details'): User ID, Name, Role, Organization,
 * Timestamp (en-IN, 24-hour; the rows arrive newest first), an active switch and an edit button per
 * row. The signed-in admin's own row has no actions; edit is disabled for inactive users.
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
  return (
    <>
      <TableContainer>
        <Table aria-label="Users" sx={{ minWidth: 860 }}>
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
              <TableCell>User ID</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Organization</TableCell>
              <TableCell>Timestamp</TableCell>
              <TableCell align="center">Active</TableCell>
              <TableCell align="center">Edit</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((u) => {
              const self = u.userID === selfId;
              return (
                <TableRow key={u.userID} hover data-user-email={u.email}>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem', maxWidth: 180, overflowWrap: 'anywhere' }}>
                    {u.userID}
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {u.firstName || '-'}
                      {u.isActive ? null : (
                        <Chip size="small" label="Inactive" variant="outlined" sx={{ ml: 1, height: 20, fontSize: '0.7rem' }} />
                      )}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {u.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{u.roles.length ? u.roles.map(roleLabel).join(', ') : '-'}</TableCell>
                  <TableCell>{u.orgID ?? '-'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminTimestamp(u.createdOn ?? u.activatedTime)}</TableCell>
                  {self ? (
                    <TableCell align="center" colSpan={2}>
                      <Tooltip title="You cannot change your own account here">
                        <Chip size="small" label="You" />
                      </Tooltip>
                    </TableCell>
                  ) : (
                    <>
                      <TableCell align="center">
                        <Switch
                          checked={u.isActive}
                          disabled={busyEmail === u.email}
                          onChange={(_e, checked) => onToggleActive(u, checked)}
                          slotProps={{ input: { 'aria-label': `${u.isActive ? 'Deactivate' : 'Activate'} ${u.email}` } }}
                        />
                      </TableCell>
                      <TableCell align="center">
                        <Tooltip title={u.isActive ? 'Edit' : 'Activate the user to edit'}>
                          <span>
                            <IconButton aria-label={`Edit ${u.email}`} disabled={!u.isActive} onClick={() => onEdit(u)}>
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
          </TableBody>
        </Table>
      </TableContainer>
      <FixedSizePagination count={count} page={page} pageSize={USERS_PAGE_SIZE} onPageChange={onPageChange} />
    </>
  );
}
