import { useTranslation } from '../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import TaskAltIcon from '@mui/icons-material/TaskAlt';

/**
 * The thank-you page after a submission (dataset or model): "Thank you for your contribution!",
 * `lead`, the reference to keep (`reference`, named `referenceLabel` for screen readers, in
 * monospace at `referenceSize`) and what follows (`children`: next steps and links).
 */
export function ThankYouCard({
  lead,
  reference,
  referenceLabel,
  referenceSize,
  children,
}: {
  lead: string;
  reference: string;
  referenceLabel: string;
  referenceSize: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <TaskAltIcon color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
          {t('common.thankYou')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {lead}
        </Typography>
        <Box
          aria-label={referenceLabel}
          sx={{
            display: 'inline-block',
            mt: 2,
            px: 2,
            py: 1,
            borderRadius: 1,
            bgcolor: 'grey.100',
            fontFamily: 'monospace',
            fontSize: referenceSize,
            overflowWrap: 'anywhere',
          }}
        >
          {reference}
        </Box>
        {children}
      </Paper>
    </Container>
  );
}
