import { useTranslation } from '../lib/i18n/i18n.ts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';

/**
 * The footer of a form or confirm dialog: Cancel (`onClose`) and the contained action button `label`.
 * While `pending` both are disabled and the action shows a spinner and `pendingLabel` (when given);
 * `disabled` disables the action alone (e.g. a required field is blank). Without `onConfirm` the
 * action is the submit button of the dialog's form.
 */
export function DialogButtons({
  pending,
  label,
  pendingLabel,
  color = 'primary',
  disabled = false,
  onConfirm,
  onClose,
}: {
  pending: boolean;
  label: string;
  pendingLabel?: string;
  color?: 'primary' | 'error';
  disabled?: boolean;
  onConfirm?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant="contained"
        color={color}
        onClick={onConfirm}
        disabled={pending || disabled}
        startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        {pending && pendingLabel ? pendingLabel : label}
      </Button>
    </DialogActions>
  );
}
