import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { urlError } from '../../../lib/limits.ts';

/**
 * A URL field with its Convert button beside it (below it on a phone), as the speech-to-speech page asks for
 * one recording's URL and the batch panel for a zip's: the field says when the URL is not one the server fetches.
 */
export function UrlConvertRow({
  label,
  placeholder,
  url,
  onUrlChange,
  onConvert,
  disabled,
}: {
  label: string;
  placeholder: string;
  url: string;
  onUrlChange: (url: string) => void;
  onConvert: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label={label}
        value={url}
        onChange={(e) => onUrlChange(e.target.value)}
        placeholder={placeholder}
        error={!!urlError(url)}
        helperText={urlError(url) ? t('sts.invalidUrl') : ' '}
        size="small"
        fullWidth
      />
      <Button variant="contained" onClick={onConvert} disabled={disabled} sx={{ flexShrink: 0 }}>
        {t('sts.convert')}
      </Button>
    </Stack>
  );
}
