import { useTranslation } from '../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';

/** A button of a {@link MessageBlock} leading to another screen (e.g. 'Submit a model'). */
export interface BlockLink {
  to: string;
  text: string;
  variant: 'contained' | 'outlined';
  startIcon?: ReactNode;
}

/** The props of {@link MessageBlock}. */
export interface MessageBlockProps {
  kind?: 'empty' | 'error';
  title: string;
  hint?: ReactNode;
  action?: ReactNode;
  /** A link button shown as the action (instead of `action`). */
  link?: BlockLink;
  /** ARIA role of an empty block (an error block is always an alert). */
  role?: 'status';
}

/** An empty or failed section with a title, a hint and an action (docs/architecture.md#web-app): the shared EmptyState has only one line. */
export function MessageBlock({ kind = 'empty', title, hint, action, link, role }: MessageBlockProps) {
  if (link)
    action = (
      <Button component={RouterLink} to={link.to} variant={link.variant} startIcon={link.startIcon}>
        {link.text}
      </Button>
    );
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

/** The props of {@link NoMatches}. */
export interface NoMatchesProps {
  title: string;
  hint: string;
  onClear: () => void;
  /** The button's text (default "Clear search and filters"). */
  clearText?: string;
  role?: 'status';
}

/**
 * The empty block of a list whose search or filters match nothing: `hint` and a "Clear search and
 * filters" button calling `onClear`.
 */
export function NoMatches({ title, hint, onClear, clearText, role }: NoMatchesProps) {
  const { t } = useTranslation();
  return (
    <MessageBlock
      title={title}
      hint={hint}
      role={role}
      action={
        <Button variant="outlined" onClick={onClear}>
          {clearText ?? t('common.clearSearchAndFilters')}
        </Button>
      }
    />
  );
}
