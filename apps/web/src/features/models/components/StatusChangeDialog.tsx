import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DialogButtons } from '../../../components/DialogButtons.tsx';
import { unpublishReason } from '../lib/my-models.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/**
 * The Publish / Unpublish confirm dialog (docs/product.md#model-screens, docs/product.md#validation-rules, docs/product.md#messages): the spec's confirm text, Cancel and
 * Yes; unpublishing also asks for the reason, required (Yes stays disabled while it is blank).
 * `to` is the status asked for; `busy` while the call runs.
 */
export function StatusChangeDialog({
  modelName,
  to,
  busy,
  onCancel,
  onConfirm,
}: {
  modelName: string;
  to: 'published' | 'unpublished';
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const unpublish = to === 'unpublished';
  const cleaned = unpublishReason(reason);
  const missing = unpublish && !cleaned;
  return (
    <Dialog open onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby="model-status-title">
      <DialogTitle id="model-status-title">
        {unpublish ? t('models.statusDialog.unpublishTitle') : t('models.statusDialog.publishTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1, fontWeight: 500, color: 'text.primary', overflowWrap: 'anywhere' }}>{modelName}</DialogContentText>
        {/* English: the spec's confirm texts (MODEL_STATUS_CONFIRM of the contracts, docs/product.md#messages). */}
        <DialogContentText>{t(`models.statusDialog.confirm.${to}`)}</DialogContentText>
        {unpublish && (
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={2}
            label={t('models.statusDialog.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing}
            helperText={touched && missing ? t('messages.requiredField') : t('models.statusDialog.reasonHint')}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            sx={{ mt: 2 }}
          />
        )}
      </DialogContent>
      <DialogButtons
        pending={busy}
        label={t('models.statusDialog.yes')}
        color={unpublish ? 'error' : 'primary'}
        disabled={missing}
        onConfirm={() => onConfirm(unpublish ? (cleaned ?? undefined) : undefined)}
        onClose={onCancel}
      />
    </Dialog>
  );
}
