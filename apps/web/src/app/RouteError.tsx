import { useTranslation } from '../lib/i18n/i18n.ts';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { ErrorState } from '../components/ErrorState.tsx';

/**
 * Error boundary of the router: a page that crashed, or whose code could not be loaded (typically
 * after a new release), shows a clear message with a reload button instead of a blank screen.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('routeError.message');
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <ErrorState title={t('routeError.title')} message={message} />
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Container>
  );
}
