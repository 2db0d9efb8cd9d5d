import { useTranslation } from '../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';

/** An empty or failed section with a title, a hint and an action (docs/architecture.md#web-app): the shared EmptyState has only one line. */
export function MessageBlock({
  kind = 'empty',
  title,
  hint,
  action,
  role,
}: {
  kind?: 'empty' | 'error';
  title: string;
  hint?: ReactNode;
  action?: ReactNode;
  /** ARIA role of an empty block (an error block is always an alert). */
  role?: 'status';
}) {
  const Icon = kind === 'error' ? ErrorOutlineIcon : InboxOutlinedIcon;
  return (
    <Box
      role={kind === 'error' ? 'alert' : role}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, py: 6, px: 2 }}
    >
      <Icon sx={{ fontSize: 48, color: kind === 'error' ? 'error.main' : 'text.disabled' }} />
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 480 }}>
          {hint}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}

/**
 * The empty block of a list whose search or filters match nothing: `hint` and a "Clear search and
 * filters" button calling `onClear`.
 */
export function NoMatches({ title, hint, onClear, role }: { title: string; hint: string; onClear: () => void; role?: 'status' }) {
  const { t } = useTranslation();
  return (
    <MessageBlock
      title={title}
      hint={hint}
      role={role}
      action={
        <Button variant="outlined" onClick={onClear}>
          {t('common.clearSearchAndFilters')}
        </Button>
      }
    />
  );
}
