import { localizeMessage, useTranslation } from '../lib/i18n/i18n.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** Error state of a screen: the message and, when `onRetry` is given, a Try again button. */
export function ErrorState({ message, onRetry, title }: { message: string; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={{ my: 3 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        ) : undefined
      }
    >
      {title ? <strong>{title}: </strong> : null}
      {localizeMessage(message)}
    </Alert>
  );
}
