import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';

/** Centered spinner for a section that is loading (DESIGN.md §7 loading state). */
export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}>
      <CircularProgress size={32} />
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** An empty or failed section: an icon, a title, an optional hint and action (DESIGN.md §7 empty and error states). */
export function MessageBlock({
  kind = 'empty',
  title,
  hint,
  action,
}: {
  kind?: 'empty' | 'error';
  title: string;
  hint?: ReactNode;
  action?: ReactNode;
}) {
  const Icon = kind === 'error' ? ErrorOutlineIcon : InboxOutlinedIcon;
  return (
    <Box role={kind === 'error' ? 'alert' : undefined} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, py: 6, px: 2 }}>
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

/** The error state with a Retry button. */
export function ErrorBlock({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <MessageBlock
      kind="error"
      title="Could not load this page"
      hint={message}
      action={
        onRetry && (
          <Button variant="outlined" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    />
  );
}
