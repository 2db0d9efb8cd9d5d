import { useTranslation } from '../lib/i18n/i18n.ts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Inline loading state for a screen or a panel (docs/architecture.md#web-app: every screen has a loading state). */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, py: 6 }}>
      <CircularProgress size={32} aria-hidden />
      <Typography color="text.secondary">{label ?? t('common.loading')}</Typography>
    </Box>
  );
}
