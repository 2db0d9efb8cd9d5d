import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { copyText } from '../lib/clipboard.ts';

/**
 * Dialog content that shows a secret the server sends only once (a new API key or provider key):
 * a warning that it will not be shown again, the value in a read-only field, a copy button and Done.
 */
export function OneTimeSecret({
  titleId,
  title,
  label,
  secret,
  warning,
  onClose,
}: {
  titleId: string;
  title: string;
  label: string;
  secret: string;
  warning: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    const ok = await copyText(secret);
    enqueueSnackbar(ok ? t('profile.copied') : t('profile.copyFailed'), { variant: ok ? 'success' : 'warning' });
  };
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 1 }}>
          {warning}
        </Alert>
        <TextField
          label={label}
          value={secret}
          // Wrapped over lines so the whole value is visible (a one-line field would cut it off).
          multiline
          onFocus={(e) => e.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', fontSize: '0.9rem', wordBreak: 'break-all' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('profile.copy')}>
                    <IconButton aria-label={t('profile.copyLabel', { label })} onClick={() => void copy()} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()} startIcon={<ContentCopyIcon />}>
          {t('profile.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('profile.done')}
        </Button>
      </DialogActions>
    </>
  );
}
