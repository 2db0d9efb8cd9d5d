import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * The frame of a feedback dialog (docs/product.md#screens: the try panels' and speech-to-speech's): the title (element
 * id `titleId`), `lead`, a large 1–5 star `rating` (0 = none yet; `ratingValue` is what the stars
 * show) asked by `question` (id `questionId`), the dialog's own fields (`children`), `error` as an
 * alert, and Cancel / the submit button `submitLabel`.
 */
export function RatingDialog({
  open,
  onClose,
  titleId,
  title,
  lead,
  questionId,
  question,
  ratingName,
  ratingValue,
  onRate,
  error,
  submitLabel,
  submitDisabled,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  title: string;
  lead: string;
  questionId: string;
  question: ReactNode;
  ratingName: string;
  ratingValue: number | null;
  onRate: (rating: number) => void;
  error: string | undefined;
  submitLabel: string;
  submitDisabled: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {lead}
          </Typography>
          <div>
            <Typography component="legend" id={questionId} sx={{ mb: 0.5 }}>
              {question}
            </Typography>
            <Rating name={ratingName} value={ratingValue} size="large" onChange={(_, v) => onRate(v ?? 0)} aria-labelledby={questionId} />
          </div>
          {children}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={submitDisabled} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
