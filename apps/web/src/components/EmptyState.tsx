import { useTranslation } from '../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

/** Empty state of a table or list; the default text is the spec's 'No records found.' (docs/product.md#messages). */
export function EmptyState({ message, action }: { message?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, color: 'text.secondary' }}>
      <InboxOutlined fontSize="large" aria-hidden />
      <Typography>{message ?? t('common.noRecords')}</Typography>
      {action}
    </Box>
  );
}
