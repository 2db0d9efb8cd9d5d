import { useTranslation } from '../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

/**
 * Empty state of a table or list; the default text is the spec's 'No records found.' (docs/product.md#messages).
 * `link` is an outlined button to another screen, shown as the action (e.g. the profile, to choose an app).
 */
export function EmptyState({ message, action, link }: { message?: string; action?: ReactNode; link?: { to: string; text: string } }) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, color: 'text.secondary' }}>
      <InboxOutlined fontSize="large" aria-hidden />
      <Typography>{message ?? t('common.noRecords')}</Typography>
      {link ? (
        <Button component={RouterLink} to={link.to} variant="outlined">
          {link.text}
        </Button>
      ) : (
        action
      )}
    </Box>
  );
}
