import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AdminUser } from '../api/users.ts';
import { shortUserId } from '../lib/audit-actions.ts';

/**
 * A user in an admin table: name and e-mail when `people` knows the id, else the e-mail given,
 * else the id shortened (whole in its tooltip). Used by the audit log and the usage tab.
 */
export function UserName({ id, email, people }: { id: string | null; email: string | null; people: ReadonlyMap<string, AdminUser> }) {
  const user = id ? people.get(id) : undefined;
  if (!user) {
    return email ? (
      <>{email}</>
    ) : (
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }} title={id ?? undefined}>
        {shortUserId(id)}
      </Box>
    );
  }
  return (
    <Box title={user.userID}>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
        {user.firstName || '-'}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {user.email}
      </Typography>
    </Box>
  );
}
