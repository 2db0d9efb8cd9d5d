import { localizeMessage, useTranslation } from '../lib/i18n/i18n.ts';
import { errorText } from '../lib/api-client.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * Error state of a screen: the message and, when `onRetry` is given, a Try again button. Give
 * either the failure itself as `error` (its text comes from lib/api-client's errorText: the
 * catalogue's message for the server's code, see docs/api.md#errors) or a ready `message` (an
 * English text the catalogue knows is shown translated).
 */
export function ErrorState({
  message,
  error,
  onRetry,
  title,
}: {
  message?: string;
  error?: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useTranslation();
  const text = error !== undefined ? errorText(error, message) : localizeMessage(message);
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
      {text}
    </Alert>
  );
}
